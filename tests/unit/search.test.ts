import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALL_PRODUCTS } from '#src/lib/categories.ts';
import { CATALOGUE_PARAMS } from '#src/lib/catalogueParams.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';
import {
  ALL_OF_CATALOGUE,
  SORT_ORDERS,
  appliedFilters,
  catalogueHeading,
  catalogueTitle,
  catalogueUrl,
  queryFromUrl,
  type CatalogueQuery,
} from '#src/lib/catalogueQuery.ts';
import { answerSearch, findProducts, pageOf, searchCatalogue, searchCounts } from '#src/lib/search.ts';
import { searchable } from '#src/lib/searchText.ts';

function item(id: string, fields: Partial<CatalogueItem> = {}): CatalogueItem {
  return {
    id,
    title: id,
    variety: 'Spices',
    origin: 'Kerala, India',
    aliases: [],
    ingredients: [],
    tags: [],
    inStock: true,
    featured: false,
    bestSeller: false,
    added: '2025-01-01',
    pack: { label: '100 g', grams: 100, price: 5 },
    packs: [fields.pack?.label ?? '100 g'],
    image: { src: `/${id}.webp`, srcset: '', width: 640, height: 640, alt: id },
    thumb: `/${id}-thumb.webp`,
    ...fields,
  };
}

const CUMIN = item('cumin-seeds', {
  title: 'Cumin Seeds',
  variety: 'Seeds',
  aliases: ['jeera', 'comino'],
  ingredients: ['Whole cumin seeds (Cuminum cyminum)'],
  origin: 'Unjha, Gujarat, India',
  pack: { label: '100 g', grams: 100, price: 6.5 },
  added: '2025-01-20',
  bestSeller: true,
});
const GARAM = item('garam-masala', {
  title: 'Garam Masala',
  variety: 'Blends',
  ingredients: ['Coriander seed', 'Cumin seed', 'Tellicherry black pepper'],
  pack: { label: '50 g', grams: 50, price: 7.5, offerPrice: 6 },
  added: '2025-01-20',
  featured: true,
});
const PAPRIKA = item('smoked-paprika', {
  title: 'Smoked Paprika',
  aliases: ['pimentón de la vera'],
  origin: 'La Vera, Extremadura, Spain',
  tags: ['smoky'],
  pack: { label: '75 g', grams: 75, price: 9 },
  added: '2025-11-03',
  inStock: false,
});
const ZAATAR = item('zaatar', {
  title: "Za'atar",
  variety: 'Blends',
  ingredients: ['Wild thyme', 'Sumac'],
  pack: { label: '80 g', grams: 80, price: 8 },
  added: '2026-11-02',
});
const ALL = [CUMIN, GARAM, PAPRIKA, ZAATAR];

const find = (query: Partial<CatalogueQuery>) =>
  findProducts(ALL, { ...ALL_OF_CATALOGUE, ...query }).map((found) => found.id);

describe('search', () => {
  it('finds a product by a word only its ingredients hold', () => {
    expect(find({ query: 'sumac' })).toEqual(['zaatar']);
  });

  it('finds a product by another name a cook would type', () => {
    expect(find({ query: 'jeera' })).toEqual(['cumin-seeds']);
    expect(find({ query: 'Comino' })).toEqual(['cumin-seeds']);
  });

  it('lists title matches before ingredient matches', () => {
    expect(find({ query: 'cumin' })).toEqual(['cumin-seeds', 'garam-masala']);
  });

  it('matches tags, origin and category, and needs every word somewhere', () => {
    expect(find({ query: 'smoky' })).toEqual(['smoked-paprika']);
    expect(find({ query: 'gujarat' })).toEqual(['cumin-seeds']);
    expect(find({ query: 'spain smoky' })).toEqual(['smoked-paprika']);
    expect(find({ query: 'spain cumin' })).toEqual([]);
  });

  it('ignores case, accents and apostrophes, in the text and in the search', () => {
    expect(find({ query: 'PIMENTON' })).toEqual(['smoked-paprika']);
    expect(find({ query: 'pimentón' })).toEqual(['smoked-paprika']);
    expect(find({ query: 'zaatar' })).toEqual(['zaatar']);
    expect(find({ query: "ZA'ATAR" })).toEqual(['zaatar']);
    expect(searchable('Crème Brûlée’s')).toBe('creme brulees');
  });

  it('treats pattern characters and markup as plain text', () => {
    for (const query of ['.*', '+)', '[a-z]', '\\', '%', '$^', '<script>alert(1)</script>', '%00']) {
      expect(find({ query })).toEqual([]);
    }
  });

  it('copes with a search of 10,000 characters', () => {
    expect(find({ query: 'a'.repeat(10_000) })).toEqual([]);
  });

  it('always finds every product whose title contains the search, as typed', () => {
    fc.assert(
      fc.property(fc.string(), (query) => {
        const found = new Set(find({ query }));
        const needle = query.trim().toLowerCase();
        return ALL.filter((p) => p.title.toLowerCase().includes(needle)).every((p) => found.has(p.id));
      }),
    );
  });

  it('combines the search with the category and the stock switch', () => {
    expect(find({ query: 'cumin', category: 'Blends' })).toEqual(['garam-masala']);
    expect(find({ category: 'Spices' })).toEqual(['smoked-paprika']);
    expect(find({ category: 'Spices', inStockOnly: true })).toEqual([]);
    expect(find({ inStockOnly: true })).not.toContain('smoked-paprika');
  });

  it('counts each category button within the stock switch too, as it would show', () => {
    const all = searchCounts(ALL, { query: '', inStockOnly: false });
    const inStock = searchCounts(ALL, { query: '', inStockOnly: true });
    expect(all.Spices).toBe(1);
    expect(inStock.Spices).toBe(0);
    expect(inStock['All Products']).toBe(all['All Products'] - 1);
    expect(inStock['All Products']).toBe(find({ inStockOnly: true }).length);
  });
});

describe('sorting', () => {
  it('puts featured products first, then best sellers, then the rest by name', () => {
    expect(find({})).toEqual(['garam-masala', 'cumin-seeds', 'smoked-paprika', 'zaatar']);
  });

  it('orders by the price paid (the offer price when there is one), either way', () => {
    expect(find({ sort: 'price-asc' })).toEqual(['garam-masala', 'cumin-seeds', 'zaatar', 'smoked-paprika']);
    expect(find({ sort: 'price-desc' })).toEqual(['smoked-paprika', 'zaatar', 'cumin-seeds', 'garam-masala']);
  });

  it('orders by the day a product joined, newest first, then by name', () => {
    expect(find({ sort: 'newest' })).toEqual(['zaatar', 'smoked-paprika', 'cumin-seeds', 'garam-masala']);
  });

  it('orders by name', () => {
    expect(find({ sort: 'name' })).toEqual(['cumin-seeds', 'garam-masala', 'smoked-paprika', 'zaatar']);
  });

  it('lets a chosen order win over how well a search matches', () => {
    expect(find({ query: 'cumin', sort: 'price-asc' })).toEqual(['garam-masala', 'cumin-seeds']);
  });

  it('puts a title match before another match at the same place in a chosen order', () => {
    const aniseed = item('aniseed', { aliases: ['saunf'], pack: { label: '100 g', grams: 100, price: 6 } });
    const saunfBlend = item('saunf-blend', {
      title: 'Saunf Blend',
      pack: { label: '100 g', grams: 100, price: 6 },
    });
    const query = { ...ALL_OF_CATALOGUE, query: 'saunf', sort: 'price-asc' } as const;
    expect(findProducts([aniseed, saunfBlend, CUMIN], query).map((found) => found.id)).toEqual([
      'saunf-blend',
      'aniseed',
    ]);
  });
});

describe('one keystroke', () => {
  it('finds the same page and counts as finding, paging and counting apart', () => {
    const many = Array.from({ length: 120 }, (_, n) => ALL[n % ALL.length] ?? CUMIN).map((found, n) =>
      item(`${found.id}-${n}`, { ...found, id: `${found.id}-${n}`, title: `${found.title} No. ${n}` }),
    );
    for (const sort of SORT_ORDERS.map((order) => order.value))
      for (const text of ['', 'cumin', 'seed', 'pimenton', 'cumni', 'nothing at all'])
        for (const [page, inStockOnly] of [
          [1, false],
          [2, true],
        ] as const) {
          const query = { ...ALL_OF_CATALOGUE, query: text, sort, page, inStockOnly };
          expect(searchCatalogue(many, query)).toEqual({
            found: pageOf(findProducts(many, query), page),
            counts: searchCounts(many, query),
          });
        }
  });
});

describe('answering a search', () => {
  it('offers help only when nothing was found', () => {
    const found = { ...ALL_OF_CATALOGUE, query: 'cumin' };
    expect(answerSearch(ALL, found)).toEqual({ search: searchCatalogue(ALL, found) });
    const close = { ...ALL_OF_CATALOGUE, query: 'cumni' };
    expect(answerSearch(ALL, close).help).toEqual({ closeSearch: 'cumin', bestSellers: [] });
    const none = { ...ALL_OF_CATALOGUE, query: 'nothing at all' };
    expect(answerSearch(ALL, none).help).toEqual({ bestSellers: [CUMIN] });
  });
});

describe('pages', () => {
  const many = Array.from({ length: 100 }, (_, n) => item(`p${String(n).padStart(3, '0')}`));

  it('cuts the results into pages of 48', () => {
    expect(pageOf(many, 1)).toMatchObject({ page: 1, pageCount: 3, total: 100 });
    expect(pageOf(many, 1).items).toHaveLength(48);
    expect(pageOf(many, 3).items.map((p) => p.id)).toEqual(many.slice(96).map((p) => p.id));
  });

  it('shows the last page for a page past the end, and the first for nonsense', () => {
    expect(pageOf(many, 99).page).toBe(3);
    expect(pageOf(many, 0).page).toBe(1);
    expect(pageOf(many, Number.NaN).page).toBe(1);
    expect(pageOf([], 5)).toMatchObject({ page: 1, pageCount: 1, total: 0, items: [] });
  });
});

describe('the filters a query applies', () => {
  it('names the category and the stock switch, each with what takes it away, and nothing else', () => {
    expect(appliedFilters(ALL_OF_CATALOGUE)).toEqual([]);
    expect(appliedFilters({ ...ALL_OF_CATALOGUE, query: 'cumin', sort: 'price-asc' })).toEqual([]);
    expect(appliedFilters({ ...ALL_OF_CATALOGUE, category: 'Seeds', inStockOnly: true })).toEqual([
      { label: 'Seeds', without: { category: ALL_PRODUCTS } },
      { label: 'In stock only', without: { inStockOnly: false } },
    ]);
  });
});

describe('the catalogue address', () => {
  const at = (address: string) => queryFromUrl(new URL(address, 'https://shop.example'));

  it('reads search, category, sort, stock and page', () => {
    expect(at('/products?q=chai%20masala&category=blends&sort=price-desc&stock=in&page=3')).toEqual({
      query: 'chai masala',
      category: 'Blends',
      sort: 'price-desc',
      inStockOnly: true,
      page: 3,
    });
    expect(at('/products/page/4')).toEqual({ ...ALL_OF_CATALOGUE, page: 4 });
  });

  it('reads every parameter its pages are cached by, and no other', () => {
    const address = '/products?q=jeera&category=Seeds&sort=name&stock=in&page=2&utm_source=mail&ref=x';
    const own = new URL(address, 'https://shop.example');
    for (const name of [...own.searchParams.keys()]) {
      if (!CATALOGUE_PARAMS.includes(name)) own.searchParams.delete(name);
    }
    expect(at(own.href)).toEqual(at(address));
    for (const name of CATALOGUE_PARAMS) {
      const without = new URL(own);
      without.searchParams.delete(name);
      expect(at(without.href)).not.toEqual(at(address));
    }
  });

  it('reads anything unknown as the default', () => {
    expect(at('/products?category=Candy&sort=cheapest&stock=yes&page=-2')).toEqual(ALL_OF_CATALOGUE);
    expect(at('/products?page=1e400')).toEqual(ALL_OF_CATALOGUE);
  });

  it('links the whole catalogue to its prerendered pages and leaves defaults out', () => {
    expect(catalogueUrl({})).toBe('/products');
    expect(catalogueUrl({ page: 2 })).toBe('/products/page/2');
    expect(catalogueUrl({ category: 'Seeds' })).toBe('/products?category=Seeds');
    expect(catalogueUrl({ query: 'jeera', page: 2 })).toBe('/products?q=jeera&page=2');
  });

  it('writes an address that reads back as the same query (a search of spaces as none)', () => {
    fc.assert(
      fc.property(
        fc.record({
          query: fc.string(),
          category: fc.constantFrom(ALL_PRODUCTS, 'Spices', 'Herbs', 'Seeds', 'Blends', 'Powders'),
          sort: fc.constantFrom(...SORT_ORDERS.map((order) => order.value)),
          inStockOnly: fc.boolean(),
          page: fc.integer({ min: 1, max: 500 }),
        }),
        (query) => {
          expect(at(catalogueUrl(query))).toEqual({ ...query, query: query.query.trim() ? query.query : '' });
        },
      ),
    );
  });

  it('names the category, and the page after the first, in the title and heading', () => {
    expect(catalogueTitle({ query: '', category: 'Herbs', page: 1 })).toBe('Herbs');
    expect(catalogueTitle({ query: '', category: ALL_PRODUCTS, page: 1 })).toBe('All Products');
    expect(catalogueTitle({ query: '', category: ALL_PRODUCTS, page: 3 })).toBe('All Products, page 3');
    expect(catalogueHeading({ query: '', category: 'Herbs' })).toBe('Herbs');
    expect(catalogueHeading({ query: '', category: ALL_PRODUCTS })).toBe('Our Products');
  });
});
