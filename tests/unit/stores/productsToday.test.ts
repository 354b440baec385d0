import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowser, loadShop, type Shop } from './browser.ts';
import { catalogue, installShopApi, type FakeShopApi } from './shopApi.ts';

let shop: Shop;
let api: FakeShopApi;

const PRODUCTS = catalogue({
  'kashmiri-saffron': [
    'Kashmiri Saffron',
    [
      ['1 g', 12.99],
      ['5 g', 55],
    ],
  ],
  'black-lime': ['Black Lime', [['50 g', 8]], false],
});

beforeEach(async () => {
  installBrowser();
  api = installShopApi(PRODUCTS);
  shop = await loadShop();
});
afterEach(async () => {
  await api.close();
  vi.unstubAllGlobals();
});

const today = () => shop.productsToday.$productsToday.get();
const asked = () => api.requests.map((request) => new URL(request.url).searchParams.get('ids'));

describe("what the shop sells today of a list's products", () => {
  it('learns each product once, in one request, and a product the catalogue lost as gone', async () => {
    await shop.productsToday.learnProductsToday([
      'kashmiri-saffron',
      'black-lime',
      'sumac',
      'kashmiri-saffron',
    ]);
    expect(asked()).toEqual(['kashmiri-saffron,black-lime,sumac']);
    expect(today().get('kashmiri-saffron')).toEqual({
      _id: 'kashmiri-saffron',
      title: 'Kashmiri Saffron',
      netQuantities: [
        { label: '1 g', grams: 100, price: 12.99, inStock: true },
        { label: '5 g', grams: 100, price: 55, inStock: true },
      ],
      inStock: true,
    });
    expect(today().get('black-lime')?.inStock).toBe(false);
    expect(today().get('sumac')).toBeNull();

    await shop.productsToday.learnProductsToday(['sumac', 'black-lime']);
    expect(asked()).toHaveLength(1);
  });

  it('asks once while a request is on its way', async () => {
    await Promise.all([
      shop.productsToday.learnProductsToday(['kashmiri-saffron']),
      shop.productsToday.learnProductsToday(['kashmiri-saffron', 'black-lime']),
    ]);
    expect(asked()).toEqual(['kashmiri-saffron', 'black-lime']);
  });

  it('knows nothing while the shop cannot be reached, and asks again at the next call', async () => {
    api.offline = true;
    await shop.productsToday.learnProductsToday(['kashmiri-saffron']);
    expect(today().has('kashmiri-saffron')).toBe(false);
    api.offline = false;
    await shop.productsToday.learnProductsToday(['kashmiri-saffron']);
    expect(today().get('kashmiri-saffron')?.title).toBe('Kashmiri Saffron');
    expect(asked()).toEqual(['kashmiri-saffron', 'kashmiri-saffron']);
  });

  it('asks about a long list a hundred products at a time', async () => {
    const ids = Array.from({ length: 150 }, (_, n) => `product-${n}`);
    await shop.productsToday.learnProductsToday(ids);
    expect(asked().map((list) => list?.split(',').length)).toEqual([100, 50]);
    expect(today().get('product-149')).toBeNull();
  });

  it('takes neither a refusal nor an answer it cannot read as news that a product is gone', async () => {
    const answers = [
      Response.json({ success: false, message: 'Something went wrong on our side.' }, { status: 500 }),
      new Response('<html>proxy error</html>', { status: 200 }),
      Response.json({
        success: true,
        products: [
          {
            _id: 'kashmiri-saffron',
            title: 'Kashmiri Saffron',
            netQuantities: [{ label: '1 g' }],
            inStock: true,
          },
          { _id: 'black-lime', title: 'Black Lime', netQuantities: 'none', inStock: false },
        ],
      }),
    ];
    for (const answer of answers) {
      vi.stubGlobal('fetch', async () => answer);
      await shop.productsToday.learnProductsToday(['kashmiri-saffron', 'black-lime']);
      expect(today().has('kashmiri-saffron')).toBe(false);
      expect(today().has('black-lime')).toBe(false);
    }
  });

  it('ignores a product it did not ask about', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({
        success: true,
        products: [
          {
            _id: 'kashmiri-saffron',
            title: 'Saffron',
            netQuantities: [{ label: '1 g', grams: 1, price: 1 }],
            inStock: true,
          },
        ],
      }),
    );
    await shop.productsToday.learnProductsToday(['black-lime']);
    expect([...today()]).toEqual([['black-lime', null]]);
  });
});

describe('the cart as the shop would sell it today', () => {
  const pack = (label: string, price: number) => ({
    id: `kashmiri-saffron:${label}`,
    productId: 'kashmiri-saffron',
    pack: label,
    name: `Kashmiri Saffron (${label})`,
    price,
    image: '/images/saffron.jpg',
  });

  it('leaves a line sold out since it was added out of the count and the total, and keeps it in the cart', async () => {
    shop.cart.addToCart(pack('1 g', 12.99), 2);
    shop.cart.addToCart(pack('5 g', 55));
    // Not known yet: every line counts, as stored.
    expect(shop.productsToday.$cartToday.get()).toEqual({ count: 3, total: 80.98, soldOut: 0 });

    await api.store.changeStock({ productId: 'kashmiri-saffron', pack: '5 g', change: 'set', amount: 0 }, '');
    await shop.productsToday.learnProductsToday(['kashmiri-saffron']);
    expect(shop.productsToday.$cartToday.get()).toEqual({ count: 2, total: 25.98, soldOut: 1 });
    expect(shop.cart.$cart.get()).toHaveLength(2);
    expect(shop.cart.$cartTotal.get()).toBe(80.98);
  });
});

describe('Add to Cart from the wishlist', () => {
  /** Saved when the 5 g pack cost less than it does today. */
  const SAVED = {
    id: 'kashmiri-saffron:5 g',
    productId: 'kashmiri-saffron',
    pack: '5 g',
    name: 'Kashmiri Saffron (5 g)',
    price: 40,
    image: '/images/saffron.jpg',
  };
  const cart = () => shop.cart.$cart.get().map(({ pack, price, quantity }) => ({ pack, price, quantity }));

  it("adds the saved pack at today's price, asking the shop first when that is not known yet", async () => {
    expect(await shop.wishlistToCart.addSavedToCart(SAVED)).toMatchObject({
      added: { price: 55 },
      saved: true,
    });
    expect(cart()).toEqual([{ pack: '5 g', price: 55, quantity: 1 }]);
    await shop.wishlistToCart.addSavedToCart(SAVED);
    expect(cart()).toEqual([{ pack: '5 g', price: 55, quantity: 2 }]);
    expect(asked()).toEqual(['kashmiri-saffron']);
  });

  it('adds the first pack when the saved one is no longer sold', async () => {
    await shop.wishlistToCart.addSavedToCart({ ...SAVED, id: 'kashmiri-saffron:2 g', pack: '2 g' });
    expect(cart()).toEqual([{ pack: '1 g', price: 12.99, quantity: 1 }]);
  });

  it('adds nothing of a product out of stock or gone', async () => {
    const lime = {
      ...SAVED,
      id: 'black-lime:50 g',
      productId: 'black-lime',
      pack: '50 g',
      name: 'Black Lime',
    };
    expect(await shop.wishlistToCart.addSavedToCart(lime)).toEqual({ added: null, saved: true });
    const gone = { ...SAVED, id: 'sumac:100 g', productId: 'sumac', pack: '100 g', name: 'Sumac' };
    expect(await shop.wishlistToCart.addSavedToCart(gone)).toEqual({ added: null, saved: true });
    expect(cart()).toEqual([]);
  });

  it('adds nothing of a pack the merchant counts as sold out, and says why', async () => {
    await api.store.changeStock({ productId: 'kashmiri-saffron', pack: '5 g', change: 'set', amount: 0 }, '');
    expect(await shop.wishlistToCart.addSavedToCart(SAVED)).toEqual({ added: null, saved: true });
    const today = shop.productsToday.$productsToday.get().get('kashmiri-saffron');
    expect(shop.wishlistToCart.savedToday(SAVED, today)).toMatchObject({
      line: { pack: '5 g' },
      pack: { inStock: false, stock: 0 },
      unavailable: 'sold out',
    });
    expect(shop.wishlistToCart.savedToday({ ...SAVED, pack: '1 g' }, today).unavailable).toBeNull();
    expect(cart()).toEqual([]);
  });

  it("offers a sold-out saved pack's other packs that sell, and adds one up to its count", async () => {
    await api.store.changeStock({ productId: 'kashmiri-saffron', pack: '5 g', change: 'set', amount: 0 }, '');
    await api.store.changeStock({ productId: 'kashmiri-saffron', pack: '1 g', change: 'set', amount: 1 }, '');
    await shop.productsToday.learnProductsToday(['kashmiri-saffron']);
    const today = shop.productsToday.$productsToday.get().get('kashmiri-saffron');
    const { others } = shop.wishlistToCart.savedToday(SAVED, today);
    expect(others.map(({ label }) => label)).not.toContain('5 g');
    expect(others.map(({ label }) => label)).toContain('1 g');
    expect(shop.wishlistToCart.savedToday({ ...SAVED, pack: '1 g' }, today).others).toEqual([]);
    await shop.wishlistToCart.addSavedToCart(SAVED, '1 g');
    await shop.wishlistToCart.addSavedToCart(SAVED, '1 g');
    expect(cart()).toEqual([{ pack: '1 g', price: 12.99, quantity: 1 }]);
  });

  it('adds the item as it was saved while the shop cannot be reached', async () => {
    api.offline = true;
    await shop.wishlistToCart.addSavedToCart(SAVED);
    expect(cart()).toEqual([{ pack: '5 g', price: 40, quantity: 1 }]);
  });
});
