import type { APIContext } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { listProducts, readProductsToday } from '#src/server/catalogue/api.ts';
import { KEPT_BY_CONTENT } from '#src/server/http/routeCache.ts';
import { MOST_PRODUCTS_TODAY } from '#src/lib/productToday.ts';
import type { ProductView } from '#src/lib/productView.ts';
import type { StockLevel } from '#src/server/store/types.ts';

const SAFFRON: ProductView = {
  _id: 'kashmiri-saffron',
  title: 'Kashmiri Saffron',
  aliases: ['kesar'],
  variety: 'Spices',
  origin: 'Pampore, Kashmir, India',
  added: '2025-01-06',
  description: 'Bright and floral.',
  netQuantities: [{ label: '1 g', grams: 1, price: 14 }],
  images: ['/_astro/saffron-1.abc.jpg', '/_astro/saffron-2.abc.jpg'],
  video: '/videos/kashmiri-saffron.mp4',
  ingredients: ['Saffron stigmas'],
  nutrition: { calories: 310, protein: 11, carbs: 65, fat: 6 },
  tags: ['premium'],
  inStock: true,
  featured: true,
  newArrival: false,
  bestSeller: true,
};

describe('GET /api/v1/product', () => {
  /** The list as a client reads it, with the counts `levels` gives, and what Astro's cache was told. */
  async function list(levels: () => Promise<StockLevel[]>, site: URL = new URL('https://shop.example')) {
    const kept: unknown[] = [];
    const context = {
      site,
      locals: { store: { stockLevels: levels } },
      cache: { set: (options: unknown) => kept.push(options) },
    };
    const response = await listProducts(async () => [SAFFRON])(context as unknown as APIContext);
    const body = (await response.json()) as { success: boolean; products: ProductView[] };
    return { response, body, kept };
  }

  it("makes image and video URLs absolute on the shop's site, never on the request's Host", async () => {
    const { body } = await list(async () => [], new URL('https://shop.example/some/page?host=evil.example'));
    expect(body.success).toBe(true);
    expect(body.products[0]).toEqual({
      ...SAFFRON,
      netQuantities: [{ label: '1 g', grams: 1, price: 14, inStock: true }],
      images: [
        'https://shop.example/_astro/saffron-1.abc.jpg',
        'https://shop.example/_astro/saffron-2.abc.jpg',
      ],
      video: 'https://shop.example/videos/kashmiri-saffron.mp4',
    });
    expect(JSON.stringify(body)).not.toContain('evil.example');
  });

  it("gives each pack its availability, a count only where counted, and keeps the product's Markdown inStock", async () => {
    const soldOut = {
      ...SAFFRON,
      inStock: false,
      netQuantities: [...SAFFRON.netQuantities, { label: '5 g', grams: 5, price: 60 }],
    };
    const context = {
      site: new URL('https://shop.example'),
      locals: {
        store: { stockLevels: async () => [{ productId: 'kashmiri-saffron', pack: '5 g', count: 2 }] },
      },
      cache: { set: () => undefined },
    };
    const response = await listProducts(async () => [soldOut])(context as unknown as APIContext);
    const { products } = (await response.json()) as { products: ProductView[] };
    expect(products[0]?.inStock).toBe(false);
    expect(products[0]?.netQuantities).toEqual([
      { label: '1 g', grams: 1, price: 14, inStock: false },
      { label: '5 g', grams: 5, price: 60, inStock: true, stock: 2 },
    ]);
  });

  it('is kept by its content: made once while the counts stand, with a new ETag once they change', async () => {
    const catalogue: ProductView[] = [SAFFRON];
    let count = 3;
    const kept: { etag: string; tags: string[] }[] = [];
    const endpoint = listProducts(async () => catalogue);
    const context = {
      site: new URL('https://shop.example'),
      locals: {
        store: { stockLevels: async () => [{ productId: 'kashmiri-saffron', pack: '1 g', count }] },
      },
      cache: { set: (options: { etag: string; tags: string[] }) => kept.push(options) },
    } as unknown as APIContext;
    const titles = async () =>
      ((await (await endpoint(context)).json()) as { products: ProductView[] }).products.map(
        (product) => product.title,
      );
    const first = await endpoint(context);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=600');
    // The same catalogue (as in production, read once per process) and counts: the answer made
    // before, even though this test changed the list behind its back.
    catalogue[0] = { ...SAFFRON, title: 'Kashmiri Saffron, new harvest' };
    expect(await titles()).toEqual(['Kashmiri Saffron']);
    count = 0;
    expect(await titles()).toEqual(['Kashmiri Saffron, new harvest']);
    expect(kept.map(({ tags }) => tags)).toEqual([[KEPT_BY_CONTENT], [KEPT_BY_CONTENT], [KEPT_BY_CONTENT]]);
    expect(kept[1]?.etag).toBe(kept[0]?.etag);
    expect(kept[2]?.etag).not.toBe(kept[0]?.etag);
    expect(kept[0]?.etag).toMatch(/^"[\w-]+"$/);
  });

  it('is made anew when the catalogue is another (each request in astro dev)', async () => {
    let catalogue: ProductView[] = [SAFFRON];
    const endpoint = listProducts(async () => catalogue);
    const context = {
      site: new URL('https://shop.example'),
      locals: { store: { stockLevels: async () => [] } },
      cache: { set: () => undefined },
    } as unknown as APIContext;
    await endpoint(context);
    catalogue = [{ ...SAFFRON, title: 'Edited in the workbench' }];
    const { products } = (await (await endpoint(context)).json()) as { products: ProductView[] };
    expect(products[0]?.title).toBe('Edited in the workbench');
  });

  it('goes out with the Markdown stock while the database cannot answer, kept by nobody here', async () => {
    const errors = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { response, body, kept } = await list(() => Promise.reject(new Error('database is locked')));
      expect(response.status).toBe(200);
      expect(body.products[0]?.netQuantities).toEqual([{ label: '1 g', grams: 1, price: 14, inStock: true }]);
      expect(kept).toEqual([]);
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('database is locked'));
    } finally {
      errors.mockRestore();
    }
  });
});

describe('GET /api/v1/product/today', () => {
  const CUMIN: ProductView = {
    ...SAFFRON,
    _id: 'cumin-seeds',
    title: 'Cumin Seeds',
    netQuantities: [{ label: '100 g', grams: 100, price: 6, offerPrice: 5 }],
    inStock: false,
  };
  const catalogue = new Map([SAFFRON, CUMIN].map((product) => [product._id, product]));
  /** The merchant counts saffron's 1 g pack: none left. */
  let stockLevels = async (): Promise<StockLevel[]> => [
    { productId: 'kashmiri-saffron', pack: '1 g', count: 0 },
  ];
  const ask = async (query: string) => {
    const url = new URL(`https://shop.example/api/v1/product/today${query}`);
    const locals = { store: { stockLevels: () => stockLevels() } };
    const response = await readProductsToday(async () => catalogue)({ url, locals } as unknown as APIContext);
    return { response, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers the products asked for as sold today, each pack as counted, in the order asked, without the rest of their page', async () => {
    const { response, body } = await ask('?ids=cumin-seeds,kashmiri-saffron');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(body).toEqual({
      success: true,
      products: [
        {
          _id: 'cumin-seeds',
          title: 'Cumin Seeds',
          netQuantities: [{ label: '100 g', grams: 100, price: 6, offerPrice: 5, inStock: false }],
          inStock: false,
        },
        {
          _id: 'kashmiri-saffron',
          title: 'Kashmiri Saffron',
          netQuantities: [{ label: '1 g', grams: 1, price: 14, inStock: false, stock: 0 }],
          inStock: true,
        },
      ],
    });
  });

  it('says each pack is as its Markdown has it while the database cannot answer', async () => {
    const counted = stockLevels;
    stockLevels = () => Promise.reject(new Error('database is down'));
    try {
      const { response, body } = await ask('?ids=kashmiri-saffron');
      expect(response.status).toBe(200);
      expect(body['products']).toEqual([
        expect.objectContaining({ netQuantities: [{ label: '1 g', grams: 1, price: 14, inStock: true }] }),
      ]);
    } finally {
      stockLevels = counted;
    }
  });

  it('leaves out a product the catalogue does not have, and answers a repeated one once', async () => {
    const { body } = await ask('?ids=sumac,%20kashmiri-saffron,kashmiri-saffron,,../etc/passwd');
    expect(body['products']).toEqual([expect.objectContaining({ _id: 'kashmiri-saffron' })]);
    expect((await ask('?ids=')).body).toEqual({ success: true, products: [] });
  });

  it('says how to ask when no products are named', async () => {
    const { response, body } = await ask('');
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({
      success: false,
      message: 'Name the products with ?ids=, separated by commas (e.g. ?ids=amchur,berbere).',
    });
  });

  it(`refuses more than ${MOST_PRODUCTS_TODAY} products at a time`, async () => {
    const ids = Array.from({ length: MOST_PRODUCTS_TODAY + 1 }, (_, n) => `product-${n}`);
    const { response, body } = await ask(`?ids=${ids.join(',')}`);
    expect(response.status).toBe(400);
    expect(body['message']).toBe(`Ask for at most ${MOST_PRODUCTS_TODAY} products at a time, not 101.`);
    expect((await ask(`?ids=${ids.slice(1).join(',')}`)).response.status).toBe(200);
  });
});
