import type { z } from 'astro/zod';
import { describe, expect, it } from 'vitest';
import { collections } from '#src/content.config.ts';
import { currentLot, harvestStart, lotLabel, lotView } from '#src/lib/lots.ts';
import { PRODUCT_FRONT_MATTER } from '../support/productFrontMatter.ts';

/** The build's product schema. */
const products = collections.products.schema as z.ZodType;

const LOT = { harvest: { season: 'Spring', year: 2026 }, region: 'Unjha, Gujarat', packedOn: '2026-04-22' };

/** The build's messages for a product with these lots (none when it is accepted). */
function problems(lots: unknown[], extra: object = {}): string[] {
  const result = products.safeParse({ ...PRODUCT_FRONT_MATTER, shelfLifeMonths: undefined, lots, ...extra });
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('lots in product Markdown', () => {
  it('are optional, and a product may list several', () => {
    expect(problems([])).toEqual([]);
    expect(products.safeParse({ ...PRODUCT_FRONT_MATTER, lots: undefined }).success).toBe(true);
    expect(problems([LOT, { ...LOT, packedOn: '2026-06-01' }])).toEqual([]);
  });

  it('refuses a lot packed after today', () => {
    expect(problems([{ ...LOT, packedOn: tomorrow }])).toEqual([
      'lots.0.packedOn: A lot cannot be packed after today',
    ]);
  });

  it('refuses a harvest that starts after the lot was packed, saying which', () => {
    expect(problems([{ ...LOT, harvest: { season: 'Summer', year: 2026 } }])).toEqual([
      'lots.0.harvest: The Summer 2026 harvest comes after packing on 2026-04-22: a lot is packed from a harvest already in',
    ]);
    // Winter 2025 starts in December 2025.
    expect(problems([{ ...LOT, harvest: { season: 'Winter', year: 2025 }, packedOn: '2025-12-01' }])).toEqual(
      [],
    );
    expect(
      problems([{ ...LOT, harvest: { season: 'Winter', year: 2025 }, packedOn: '2025-11-30' }]),
    ).toHaveLength(1);
  });

  it('refuses an unknown season, a missing region and a bad date', () => {
    expect(problems([{ ...LOT, harvest: { season: 'Monsoon', year: 2026 } }])[0]).toMatch(
      /^lots.0.harvest.season:/,
    );
    expect(problems([{ ...LOT, region: '' }])[0]).toMatch(/^lots.0.region:/);
    expect(problems([{ ...LOT, packedOn: 'last spring' }])[0]).toMatch(/^lots.0.packedOn:/);
  });

  it('takes a whole number of months for a shelf life of its own', () => {
    expect(problems([], { shelfLifeMonths: 18 })).toEqual([]);
    expect(problems([], { shelfLifeMonths: 0 })[0]).toMatch(/^shelfLifeMonths:/);
    expect(problems([], { shelfLifeMonths: 1.5 })[0]).toMatch(/^shelfLifeMonths:/);
  });
});

describe('the lot on sale', () => {
  const lot = (packedOn: string) => ({
    harvest: { season: 'Autumn' as const, year: 2025 },
    region: 'Idukki, Kerala',
    packedOn: new Date(packedOn),
  });

  it('is the latest packed, whatever order the Markdown lists them in', () => {
    expect(currentLot([lot('2026-02-10'), lot('2026-06-01'), lot('2026-03-01')])?.packedOn).toEqual(
      new Date('2026-06-01'),
    );
    expect(currentLot([])).toBeUndefined();
  });

  it('is named in one line, a blend by where it was blended', () => {
    const view = lotView(lot('2026-03-12'));
    expect(view).toEqual({ harvest: 'Autumn 2025', region: 'Idukki, Kerala', packedOn: '2026-03-12' });
    expect(lotLabel(view, 'Spices')).toBe('Autumn 2025 harvest, Idukki, Kerala · packed 12 Mar 2026');
    expect(lotLabel({ ...view, region: 'San Francisco' }, 'Blends')).toBe(
      'Autumn 2025 harvest, blended in San Francisco · packed 12 Mar 2026',
    );
  });

  it('starts a harvest on the first day of its season', () => {
    expect(harvestStart({ season: 'Spring', year: 2026 })).toEqual(new Date('2026-03-01'));
    expect(harvestStart({ season: 'Winter', year: 2025 })).toEqual(new Date('2025-12-01'));
  });
});
