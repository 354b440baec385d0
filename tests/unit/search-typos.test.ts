import { describe, expect, it } from 'vitest';
import type { PackSize } from '#src/lib/packPrices.ts';
import type { Category } from '#src/lib/categories.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';
import { ALL_OF_CATALOGUE, catalogueHeading, catalogueTitle } from '#src/lib/catalogueQuery.ts';
import { findProducts, searchCounts } from '#src/lib/search.ts';
import { noResultsHelp } from '#src/lib/searchCorrection.ts';
import { searchable, withinEdits } from '#src/lib/searchText.ts';

interface ProductFrontMatter {
  title: string;
  variety: Category;
  origin: string;
  aliases?: string[];
  ingredients: string[];
  tags?: string[];
  inStock: boolean;
  featured?: boolean;
  bestSeller?: boolean;
  added: string;
  netQuantities: PackSize[];
}

// The real catalogue: Astro's Markdown plugin hands each product's front matter over.
const files = import.meta.glob<{ frontmatter: ProductFrontMatter }>('../../src/content/products/*.md', {
  eager: true,
});
const CATALOGUE: CatalogueItem[] = Object.entries(files).map(([path, { frontmatter: product }]) => {
  const id = /([^/]+)\.md$/.exec(path)?.[1] ?? path;
  const [pack] = product.netQuantities;
  if (!pack) throw new Error(`${id} has no pack`);
  return {
    id,
    title: product.title,
    variety: product.variety,
    origin: product.origin,
    aliases: product.aliases ?? [],
    ingredients: product.ingredients,
    tags: product.tags ?? [],
    inStock: product.inStock,
    featured: product.featured ?? false,
    bestSeller: product.bestSeller ?? false,
    added: String(product.added),
    pack,
    packs: product.netQuantities.map(({ label }) => label),
    image: { src: '', srcset: '', width: 1, height: 1, alt: '' },
    thumb: '',
  };
});

const titlesFor = (query: string) =>
  findProducts(CATALOGUE, { ...ALL_OF_CATALOGUE, query }).map((item) => item.title);

describe('search that forgives typos, over the real catalogue', () => {
  it.each([
    ['tumeric', 'Lakadong Turmeric'],
    ['cummin', 'Cumin Seeds'],
    ['corriander', 'Coriander Seeds'],
    ['chilli', 'Kashmiri Chili Powder'],
    ['chili', 'Kashmiri Chili Powder'],
    ['cardamon', 'Green Cardamom'],
    ['saffran', 'Kashmiri Saffron'],
  ])('finds %s as %s', (typed, title) => {
    expect(titlesFor(typed)).toContain(title);
  });

  it('lists what the text finds exactly before what it finds only with a typo forgiven', () => {
    const holds = (item: CatalogueItem, word: string) =>
      searchable(
        [item.title, ...item.aliases, ...item.ingredients, ...item.tags, item.origin, item.variety].join(' '),
      ).includes(word);
    for (const query of ['mint', 'seed', 'pepper', 'chili', 'anise', 'masala']) {
      const found = findProducts(CATALOGUE, { ...ALL_OF_CATALOGUE, query });
      const exact = found.map((item) => holds(item, query));
      expect(exact.indexOf(false) === -1 || exact.lastIndexOf(true) < exact.indexOf(false), query).toBe(true);
    }
    expect(titlesFor('cummin').slice(0, 1)).toEqual(['Cumin Seeds']);
  });

  it('forgives no typo in words under four letters', () => {
    expect(titlesFor('bey')).toEqual([]);
  });

  it('keeps the spec rule: every product whose title contains the text is found', () => {
    for (const item of CATALOGUE) {
      const part = item.title.slice(1, 6);
      expect(titlesFor(part)).toContain(item.title);
    }
  });

  it('offers a close name when nothing matches, and best sellers when none is close', () => {
    expect(titlesFor('tumricc')).toEqual([]);
    expect(noResultsHelp(CATALOGUE, { query: 'tumricc' })).toEqual({
      closeSearch: 'turmeric',
      bestSellers: [],
    });
    expect(noResultsHelp(CATALOGUE, { query: 'cumni' }).closeSearch).toBe('cumin');
    // Words of their own, a few letters from a name, are not its typos: the best sellers instead.
    for (const query of ['xylophone', 'creme', 'sugar', 'honey', 'vanilla', 'garlic', 'onion', 'basil']) {
      expect(titlesFor(query), query).toEqual([]);
      const help = noResultsHelp(CATALOGUE, { query });
      expect(help.closeSearch, query).toBeUndefined();
      expect(help.bestSellers.length, query).toBeGreaterThan(0);
      expect(help.bestSellers.every((item) => item.bestSeller)).toBe(true);
    }
  });

  it('counts each category within the search', () => {
    const counts = searchCounts(CATALOGUE, { query: 'cumin', inStockOnly: false });
    expect(counts['All Products']).toBe(titlesFor('cumin').length);
    expect(counts.Seeds).toBeGreaterThanOrEqual(1);
    expect(counts.Herbs).toBe(0);
  });

  it('names the search in the heading and title', () => {
    const query = { ...ALL_OF_CATALOGUE, query: ' cumin ' };
    expect(catalogueHeading(query)).toBe("Results for 'cumin'");
    expect(catalogueTitle(query)).toBe("Results for 'cumin'");
  });
});

describe('the bounded edit distance', () => {
  it('counts letters added, removed or changed, up to the bound', () => {
    expect(withinEdits('tumeric', 'turmeric', 1)).toBe(true);
    expect(withinEdits('corriander', 'coriander', 1)).toBe(true);
    expect(withinEdits('kitten', 'sitting', 2)).toBe(false);
    expect(withinEdits('kitten', 'sitting', 3)).toBe(true);
    expect(withinEdits('pepper', 'paprika', 2)).toBe(false);
  });
});
