import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowser, loadShop, type Shop } from './browser.ts';
import { installShopApi, type FakeShopApi } from './shopApi.ts';

let shop: Shop;
let api: FakeShopApi;

const product = (id: string, title: string, packs: [string, number, number][], inStock = true) =>
  [
    id,
    {
      _id: id,
      title,
      variety: 'Spices' as const,
      inStock,
      netQuantities: packs.map(([label, grams, price]) => ({ label, grams, price })),
    },
  ] as const;

const PRODUCTS = new Map([
  product('cumin-seeds', 'Cumin Seeds', [
    ['250 g', 250, 12],
    ['100 g', 100, 6.5],
  ]),
  product('amchur', 'Amchur', [['50 g', 50, 5]]),
  product('curry-leaves', 'Curry Leaves', [['20 g', 20, 4]], false),
]);

const spice = (productId: string, title: string) => ({
  productId,
  title,
  image: `/_astro/${productId}.webp`,
});
const RECIPE = [
  spice('cumin-seeds', 'Cumin Seeds'),
  spice('amchur', 'Amchur'),
  spice('curry-leaves', 'Curry Leaves'),
  spice('black-lime', 'Black Lime'),
];

beforeEach(async () => {
  installBrowser();
  api = installShopApi(PRODUCTS);
  shop = await loadShop();
});
afterEach(async () => {
  await api.close();
  vi.unstubAllGlobals();
});

const cartLines = () => shop.cart.$cart.get().map((line) => [line.id, line.quantity, line.price, line.image]);

describe("a recipe's spices in the cart in one press", () => {
  it('adds the smallest pack in stock of each, asking the shop once, and names those it could not add', async () => {
    const { added, missing } = await shop.recipeToCart.addRecipeSpicesToCart(RECIPE);
    expect(api.requests).toHaveLength(1);
    expect(added.map((line) => line.name)).toEqual(['Cumin Seeds (100 g)', 'Amchur (50 g)']);
    expect(cartLines()).toEqual([
      ['cumin-seeds:100 g', 1, 6.5, '/_astro/cumin-seeds.webp'],
      ['amchur:50 g', 1, 5, '/_astro/amchur.webp'],
    ]);
    expect(missing).toEqual([
      { title: 'Curry Leaves', reason: 'sold out' },
      { title: 'Black Lime', reason: 'gone' },
    ]);
  });

  it('takes the next pack up when the smallest has sold out, as the merchant counts it', async () => {
    await api.store.changeStock({ productId: 'cumin-seeds', pack: '100 g', change: 'set', amount: 0 }, '');
    const { added } = await shop.recipeToCart.addRecipeSpicesToCart(RECIPE.slice(0, 1));
    expect(added.map((line) => line.id)).toEqual(['cumin-seeds:250 g']);
  });

  it('adds one more of a pack already in the cart, and nothing while the shop cannot be reached', async () => {
    await shop.recipeToCart.addRecipeSpicesToCart(RECIPE.slice(1, 2));
    await shop.recipeToCart.addRecipeSpicesToCart(RECIPE.slice(1, 2));
    expect(cartLines()).toEqual([['amchur:50 g', 2, 5, '/_astro/amchur.webp']]);

    api.offline = true;
    const { added, missing } = await shop.recipeToCart.addRecipeSpicesToCart(RECIPE.slice(0, 1));
    expect(added).toEqual([]);
    expect(missing).toEqual([{ title: 'Cumin Seeds', reason: 'unknown' }]);
  });
});
