import { describe, expect, it } from 'vitest';
import { originLine } from '#src/lib/productView.ts';
import { harvestStart, type SEASONS } from '#src/lib/lots.ts';

interface ProductFrontMatter {
  title: string;
  variety: string;
  origin: string;
  lots?: { harvest: { season: (typeof SEASONS)[number]; year: number }; packedOn: string | Date }[];
}

// Astro's Markdown plugin hands each product's front matter over.
const products = Object.values(
  import.meta.glob<{ frontmatter: ProductFrontMatter }>('../../src/content/products/*.md', { eager: true }),
).map(({ frontmatter }) => frontmatter);

describe('copy that is true', () => {
  it('names where each blend was blended, and never says a blend was grown', () => {
    const blends = products.filter((product) => product.variety === 'Blends');
    expect(blends.length).toBeGreaterThanOrEqual(4);
    for (const blend of blends) {
      expect(originLine(blend), blend.title).toMatch(/^Blended in [A-Z]/);
    }
  });

  it('says where the rest were grown', () => {
    for (const product of products.filter(({ variety }) => variety !== 'Blends')) {
      expect(originLine(product), product.title).toBe(`Grown in ${product.origin}`);
      expect(product.origin, product.title).not.toMatch(/blended/i);
    }
  });

  // The home page, About and the FAQ say whole spices are packed "within weeks of harvest": every
  // lot of a spice, seed or herb (sold whole; powders are milled, blends mixed) is packed by eight
  // weeks after its harvest's season (three months from its start) has ended.
  it('packs every lot of a whole spice within weeks of its harvest', () => {
    const WEEKS = 8;
    const whole = products.filter(({ variety }) => ['Spices', 'Seeds', 'Herbs'].includes(variety));
    expect(whole.length).toBeGreaterThanOrEqual(12);
    for (const { title, lots = [] } of whole) {
      for (const { harvest, packedOn } of lots) {
        const seasonEnds = harvestStart(harvest);
        seasonEnds.setUTCMonth(seasonEnds.getUTCMonth() + 3);
        const latest = seasonEnds.getTime() + WEEKS * 7 * 24 * 60 * 60 * 1000;
        const packed = new Date(packedOn).getTime();
        expect(
          packed,
          `${title}: ${harvest.season} ${harvest.year} harvest packed ${String(packedOn)}`,
        ).toBeLessThanOrEqual(latest);
      }
    }
  });
});
