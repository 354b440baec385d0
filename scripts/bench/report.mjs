// @ts-check
// The benchmark's Markdown report against the shop's performance targets: each says pass or miss
// and by how much, and the closing notes say why from what was measured.
import { CONNECTIONS, DURATION_S } from './throughput.mjs';

/**
 * @typedef {object} ThroughputRow
 * @property {string} name
 * @property {boolean} static
 * @property {import('./throughput.mjs').Throughput} ours
 * @property {import('./throughput.mjs').Throughput | undefined} nginx
 */

/**
 * @typedef {object} Results
 * @property {string} date
 * @property {{ runs: number, sizes: number[], only: string[] }} options
 * @property {string[]} notes
 * @property {number} [buildSeconds]
 * @property {(import('../page-bytes.mjs').PageBytes & { page: string })[]} [bytes]
 * @property {(import('./lighthouse.mjs').LighthouseRun & { page: string, group: string, runs: number })[]} [lighthouse]
 * @property {{ rows: ThroughputRow[], outbox?: { count: number, p50: number, p99: number } | undefined }} [throughput]
 * @property {{ lock: import('./scale.mjs').LockWait[], proxied: import('./scale.mjs').ScaleRow[] | undefined }} [scale]
 * @property {import('./growth.mjs').Growth[]} [growth]
 * @property {number} [totalSeconds]
 */

/** Page groups that must score a full 100 on performance; the others need 98. */
const PERFECT_PERFORMANCE = new Set(['home', 'information', 'catalogue', 'product', 'lists']);
const OTHER_PERFORMANCE = 98;
/** Paint and blocking targets on a phone (Lighthouse mobile, simulated throttling), in ms. */
const FCP_TARGET_MS = 1000;
const LCP_TARGET_MS = 1500;
const TBT_TARGET_MS = 150;
const SEARCH_TARGET_MS = 16;
const NGINX_SHARE_TARGET = 0.5;

const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;

/**
 * @param {string[]} head
 * @param {(string | number)[][]} rows
 */
function table(head, rows) {
  const line = (/** @type {(string | number)[]} */ cells) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * @param {Results} results
 * @returns {string}
 */
export function renderReport(results) {
  /** @type {{ target: string, measured: string, pass: boolean, why?: string }[]} */
  const targets = [];
  const out = [
    `# Saffron & Stone benchmark`,
    '',
    `${results.date}, ${results.options.runs} Lighthouse run(s) per page` +
      (results.buildSeconds === undefined ? '' : `, build ${results.buildSeconds.toFixed(1)} s`) +
      (results.totalSeconds === undefined ? '' : `, whole run ${Math.round(results.totalSeconds)} s`) +
      '.',
  ];

  if (results.bytes) {
    out.push(
      '',
      '## Bytes on page load',
      '',
      'Scripts and stylesheets the browser fetched until the network was idle, without scrolling or input (inline ones included), compressed with node:zlib (gzip 9, brotli 11).',
      '',
      table(
        [
          'page',
          'JS files',
          'JS raw',
          'JS gzip',
          'JS brotli',
          'CSS raw',
          'CSS gzip',
          'CSS brotli',
          'HTML gzip',
          'HTML brotli',
          'React',
        ],
        results.bytes.map((b) => [
          b.page,
          b.js.files.length,
          kb(b.js.raw),
          kb(b.js.gzip),
          kb(b.js.brotli),
          kb(b.css.raw),
          kb(b.css.gzip),
          kb(b.css.brotli),
          kb(b.html.gzip),
          kb(b.html.brotli),
          b.react ? 'yes' : 'no',
        ]),
      ),
    );
  }

  if (results.lighthouse) {
    out.push(
      '',
      `## Lighthouse (mobile, simulated throttling, median of ${results.options.runs})`,
      '',
      table(
        [
          'page',
          'group',
          'performance',
          'accessibility',
          'best practices',
          'SEO',
          'FCP',
          'LCP',
          'TBT',
          'CLS',
          'bytes',
        ],
        results.lighthouse.map((r) => [
          r.page,
          r.group,
          r.scores.performance,
          r.scores.accessibility,
          r.scores['best-practices'],
          r.scores.seo,
          ms(r.fcp),
          ms(r.lcp),
          ms(r.tbt),
          r.cls.toFixed(3),
          kb(r.bytes),
        ]),
      ),
      '',
      '### Where the time went (the median run of each page)',
      '',
      ...results.lighthouse.map(
        (r) =>
          `- ${r.page}: ${Object.entries(r.diagnosis)
            .map(([what, found]) => `${what}: ${found}`)
            .join('; ')}`,
      ),
    );
    for (const r of results.lighthouse) {
      const name = r.page;
      const goal = PERFECT_PERFORMANCE.has(r.group) ? 100 : OTHER_PERFORMANCE;
      const checks = /** @type {const} */ ([
        ['performance', goal],
        ['accessibility', 100],
        ['best-practices', 100],
        ['seo', 100],
      ]);
      for (const [category, wanted] of checks) {
        const got = r.scores[category];
        targets.push({
          target: `${name}: Lighthouse ${category} ${wanted === 100 ? '' : '≥ '}${wanted}`,
          measured: String(got),
          pass: got >= wanted,
          why: `${wanted - got} short; audits losing points: ${(r.failing[category] ?? []).join(', ') || 'none listed'}`,
        });
      }
      const d = r.diagnosis;
      const timings = /** @type {const} */ ([
        [
          'FCP',
          r.fcp,
          FCP_TARGET_MS,
          `render-blocking: ${d['render-blocking'] ?? '?'}; font swaps: ${d['font swaps'] ?? 'none'}`,
        ],
        [
          'LCP',
          r.lcp,
          LCP_TARGET_MS,
          `element: ${d['LCP element'] ?? '?'}; phases: ${d['LCP phases'] ?? '?'}; loaded before it: ${d['loaded before LCP'] ?? '?'}`,
        ],
        [
          'TBT',
          r.tbt,
          TBT_TARGET_MS,
          `long tasks: ${d['long tasks'] ?? '?'}; script time: ${d['script time'] ?? '?'}`,
        ],
      ]);
      for (const [metric, got, wanted, culprit] of timings) {
        targets.push({
          target: `${name}: ${metric} ≤ ${ms(wanted)}`,
          measured: ms(got),
          pass: got <= wanted,
          why: `${ms(got - wanted)} over; ${culprit}`,
        });
      }
      targets.push({
        target: `${name}: CLS 0`,
        measured: r.cls.toFixed(3),
        pass: r.cls === 0,
        why: `${r.cls.toFixed(3)} above 0; shifted: ${(r.failing['cumulative-layout-shift'] ?? []).join(', ') || 'not listed'}`,
      });
    }
  }

  if (results.throughput) {
    out.push(
      '',
      `## Server throughput (autocannon, ${CONNECTIONS} connections × ${DURATION_S} s, best of 2 rounds, 127.0.0.1)`,
      '',
      'nginx: one worker (the shop is one Node process), the same files from dist/client.',
      '',
      table(
        ['request', 'server', 'requests/s', 'p50', 'p99', 'errors', 'non-2xx', 'ours / nginx'],
        results.throughput.rows.flatMap((row) => {
          const share = row.nginx ? row.ours.rps / row.nginx.rps : undefined;
          const cells = (
            /** @type {string} */ who,
            /** @type {import('./throughput.mjs').Throughput} */ t,
            /** @type {string} */ ratio,
          ) => [row.name, who, Math.round(t.rps), ms(t.p50), ms(t.p99), t.errors, t.non2xx, ratio];
          return [
            cells('ours', row.ours, share === undefined ? '' : `${Math.round(share * 100)}%`),
            ...(row.nginx ? [cells('nginx', row.nginx, '')] : []),
          ];
        }),
      ),
    );
    const { outbox } = results.throughput;
    if (outbox) {
      out.push(
        '',
        `Outbox: the ${outbox.count} orders' "placed" texts were sent ${ms(outbox.p50)} (p50) and ${ms(outbox.p99)} (p99) after their order was stored.`,
      );
    }
    for (const row of results.throughput.rows) {
      if (row.ours.errors + row.ours.non2xx > 0) {
        targets.push({
          target: `${row.name}: no errors under load`,
          measured: `${row.ours.errors} errors, ${row.ours.non2xx} non-2xx`,
          pass: false,
          why: 'answers that are not 2xx count against the rate',
        });
      }
      if (!row.nginx) continue;
      const share = row.ours.rps / row.nginx.rps;
      targets.push({
        target: `${row.name}: ≥ ${NGINX_SHARE_TARGET * 100}% of nginx's rate`,
        measured: `${Math.round(share * 100)}%`,
        pass: share >= NGINX_SHARE_TARGET,
        why: `${Math.round((NGINX_SHARE_TARGET - share) * 100)} points short (${Math.round(row.ours.rps)} vs ${Math.round(row.nginx.rps)} requests/s)`,
      });
    }
  }

  if (results.scale) {
    const { lock, proxied } = results.scale;
    out.push(
      '',
      '## Growing past one process',
      '',
      'While another process holds the SQLite write lock (held 1 s, then 5 s), a page and an order made at once:',
      '',
      table(
        ['request', 'lock held', 'status', 'answered after'],
        lock.map((wait) => [wait.name, ms(wait.heldMs), wait.status, ms(wait.ms)]),
      ),
    );
    if (proxied) {
      out.push(
        '',
        `nginx (\`deploy/nginx.conf\`) in front of two servers on one PostgreSQL, beside one of those servers alone (autocannon, ${CONNECTIONS} connections × ${DURATION_S} s, best of 2):`,
        '',
        table(
          ['request', 'requests/s', 'p50', 'p99', 'errors', 'non-2xx'],
          proxied.map(({ name, ours }) => [
            name,
            Math.round(ours.rps),
            ms(ours.p50),
            ms(ours.p99),
            ours.errors,
            ours.non2xx,
          ]),
        ),
      );
    }
  }

  if (results.growth) {
    out.push(
      '',
      '## Growth with the catalogue',
      '',
      'A temporary copy of the project with generated products; keystroke: time from an input event in the search box until the list had changed and been laid out (median of 3 trials per keystroke: s, sa, saf, saff, then erased back to empty; keystrokes that changed nothing left out).',
      '',
      table(
        [
          'products',
          'build',
          '/products HTML gzip',
          'brotli',
          'API raw',
          'API gzip',
          'API time',
          'keystroke median',
          'keystroke worst',
        ],
        results.growth.map((g) => {
          const times = g.keystrokeMs.filter((t) => t !== null);
          const sorted = [...times].sort((a, b) => a - b);
          return [
            g.products,
            `${g.buildSeconds.toFixed(1)} s`,
            kb(g.catalogueHtml.gzip),
            kb(g.catalogueHtml.brotli),
            kb(g.api.raw),
            kb(g.api.gzip),
            `${g.apiMs.toFixed(1)} ms`,
            sorted.length ? `${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms` : 'no change',
            sorted.length ? `${(sorted.at(-1) ?? 0).toFixed(1)} ms` : 'no change',
          ];
        }),
      ),
    );
    const largest = results.growth.find((g) => g.products === 2400);
    if (largest) {
      const worst = Math.max(...largest.keystrokeMs.filter((t) => t !== null));
      targets.push({
        target: `search under ${SEARCH_TARGET_MS} ms per keystroke at 2,400 products`,
        measured: Number.isFinite(worst) ? `worst ${worst.toFixed(1)} ms` : 'no keystroke changed the list',
        pass: Number.isFinite(worst) && worst < SEARCH_TARGET_MS,
        why: `${(worst - SEARCH_TARGET_MS).toFixed(1)} ms over; per keystroke: ${largest.keystrokeMs.map((t) => (t === null ? '-' : t.toFixed(1))).join(', ')} ms`,
      });
    }
  }

  if (targets.length) {
    const missed = targets.filter((t) => !t.pass);
    out.push(
      '',
      '## Targets',
      '',
      `${targets.length - missed.length} of ${targets.length} met.`,
      '',
      table(
        ['target', 'measured', 'result'],
        targets.map((t) => [t.target, t.measured, t.pass ? 'pass' : 'miss']),
      ),
    );
    if (missed.length) {
      out.push('', '### Why the misses', '', ...missed.map((t) => `- ${t.target}: ${t.why ?? ''}`));
    }
  }
  if (results.notes.length) out.push('', '## Notes', '', ...results.notes.map((n) => `- ${n}`));
  return `${out.join('\n')}\n`;
}
