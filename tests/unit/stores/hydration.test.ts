import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAFFRON, installBrowser, loadShop } from './browser.ts';
import { SHOPPER } from '../../support/shopData.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What an island shows: the count of lines in a saved cart. */
function renderCount(store: ReadableAtom<unknown[]>, ssr: boolean): string {
  function CartSize() {
    const lines = useStore(store, ssr ? { ssr: 'initial' } : {});
    return createElement('p', null, `${lines.length} lines`);
  }
  return renderToString(createElement(CartSize));
}

describe('hydration', () => {
  it("gives every exported store an init equal to what the server renders: the store's empty value", async () => {
    vi.stubGlobal('window', undefined);
    const shop = await loadShop();
    const stores = Object.values(shop).flatMap((module) =>
      Object.entries(module).filter(([name]) => name.startsWith('$')),
    );
    // Eleven since `$users` went: accounts live on the shop, not in the browser.
    expect(stores.length).toBeGreaterThanOrEqual(11);
    for (const [name, store] of stores) {
      expect({ name, init: (store as ReadableAtom<unknown>).init }).toEqual({
        name,
        init: (store as ReadableAtom<unknown>).get(),
      });
    }
  });

  it('renders an island first with the empty cart under ssr initial, even when a cart is saved', async () => {
    installBrowser({ seed: { cart: [{ ...SAFFRON, quantity: 2 }], user: SHOPPER } });
    const shop = await loadShop();
    expect(renderCount(shop.cart.$cart, true)).toBe('<p>0 lines</p>');
    expect(renderCount(shop.cart.$cart, false)).toBe('<p>1 lines</p>');
  });
});
