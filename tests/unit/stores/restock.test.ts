import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowser, loadShop, type Shop } from './browser.ts';
import { catalogue, installShopApi, type FakeShopApi } from './shopApi.ts';

let shop: Shop;
let api: FakeShopApi;

const PRODUCTS = catalogue({ 'black-lime': ['Black Lime', [['50 g', 8]], false] });
const PHONE = '+1 415 555 0100';

beforeEach(async () => {
  installBrowser();
  api = installShopApi(PRODUCTS);
  shop = await loadShop();
  await shop.signIn.requestCode(PHONE);
  await shop.signIn.verifyCode(PHONE, '123456');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await api.close();
});

const requests = () => [...shop.restock.$restockRequests.get()];

describe("tell me when it's back", () => {
  // The press is what starts the product page's island, which reads the requests as it starts.
  it('a press before the page has read its requests, on a pack asked for already, cancels it', async () => {
    const account = await api.store.accountForPhone('+14155550100');
    await api.store.setRestockRequest(account.id, { productId: 'black-lime', pack: '50 g' }, true);
    const pressed = shop.restock.toggleRestockRequest('black-lime', '50 g');
    expect(await pressed).toEqual({ ok: true, asked: false });
    expect(requests()).toEqual([]);
    expect(await api.store.restockRequests(account.id)).toEqual([]);
  });
});
