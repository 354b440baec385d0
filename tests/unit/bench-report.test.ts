import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { medianRun, type LighthouseRun } from '../../scripts/bench/lighthouse.mjs';
import { renderReport, type Results } from '../../scripts/bench/report.mjs';

// The bench's report reads its own runs: whether a missed paint is the page or the runs' spread,
// and which throttling measured it. Timings are never asserted; these are its words and sums.

function run(fcp: number, lcp: number, performance = 100): LighthouseRun {
  return {
    scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
    fcp,
    lcp,
    tbt: 10,
    cls: 0,
    bytes: 100_000,
    failing: {},
    diagnosis: { 'LCP element': 'img.size-full' },
    benchmarkIndex: 2600,
  };
}

/** A run's results: what a test names, on top of a run of Lighthouse alone that measured nothing. */
function results(named: Partial<Results>): Results {
  return {
    date: '2026-11-28T00:00:00.000Z',
    options: { runs: 5, throttling: 'simulate', sizes: [], only: ['lighthouse'] },
    notes: [],
    floor: {},
    ...named,
  };
}

function report(throttling: Results['options']['throttling'], runs: LighthouseRun[]): string {
  return renderReport(
    results({
      options: { runs: runs.length, throttling, sizes: [], only: ['lighthouse'] },
      lighthouse: [
        { page: '/products (signed in)', group: 'catalogue', runs: runs.length, ...medianRun(runs) },
      ],
    }),
  );
}

describe('the bench report', () => {
  it('names the browser and how fast the machine was, beside the date', () => {
    const runs = [run(900, 1400), run(800, 1300), run(1000, 1450)];
    const text = renderReport(
      results({
        browser: 'Chrome/156.0.8078.108',
        floor: { lighthouse: { runs: 3, ...medianRun(runs.map((r) => ({ ...r, benchmarkIndex: 1650 }))) } },
        lighthouse: [
          { page: '/about (signed out)', group: 'information', runs: 3, ...medianRun(runs) },
          {
            page: '/products (signed out)',
            group: 'catalogue',
            runs: 3,
            ...medianRun(runs.map((r, i) => ({ ...r, benchmarkIndex: 2700 + i * 100 }))),
          },
        ],
      }),
    );
    expect(text.split('\n').slice(0, 5).join('\n')).toContain(
      "Lighthouse ran in Chrome/156.0.8078.108, on a machine whose benchmark index (Lighthouse's own measure of its CPU, higher is faster) was 2,600 (1,650 to 2,800 between pages).",
    );
  });

  it('says nothing of the machine when Lighthouse did not run', () => {
    const text = renderReport(
      results({ options: { runs: 5, throttling: 'simulate', sizes: [], only: ['bytes'] } }),
    );
    expect(text).not.toContain('benchmark index');
  });

  it("keeps each run's paints, fastest first, beside the median", () => {
    const median = medianRun([run(900, 1662), run(800, 1357), run(1000, 1583)]);
    expect(median.fcp).toBe(900);
    expect(median.lcp).toBe(1583);
    expect(median.each).toEqual({ fcp: [800, 900, 1000], lcp: [1357, 1583, 1662] });
  });

  it('says how many runs of a missed paint were within the target, and their range', () => {
    const text = report('simulate', [run(900, 1662), run(800, 1357), run(1000, 1583)]);
    expect(text).toContain('## Lighthouse (mobile, simulated throttling, median of 3)');
    expect(text).toContain(
      '/products (signed in): LCP ≤ 1500 ms: 83 ms over; 1 of 3 runs within it (1357 ms to 1662 ms); element: img.size-full',
    );
    expect(text).not.toContain('FCP ≤ 1000 ms: ');
  });

  it('names DevTools throttling when the load itself was slowed', () => {
    expect(report('devtools', [run(700, 4871)])).toContain(
      '## Lighthouse (mobile, DevTools throttling: the load itself slowed, not the targets’ simulated estimate, median of 1)',
    );
  });

  it('refuses a throttling it does not know before measuring anything', { timeout: 20_000 }, () => {
    const bench = spawnSync(process.execPath, ['scripts/bench.mjs', '--throttling', 'fast', '--no-build'], {
      encoding: 'utf8',
      // Were the value taken, the bench would go on to measure: stopped, that fails here.
      timeout: 15_000,
    });
    expect(bench.status).toBe(1);
    expect(bench.stderr).toBe('bench: --throttling takes simulate or devtools.\n');
  });
});
