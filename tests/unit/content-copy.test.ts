import { describe, expect, it } from 'vitest';
import { originLine } from '#src/lib/catalogue.ts';

interface ProductFrontMatter {
  title: string;
  variety: string;
  origin: string;
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
});
