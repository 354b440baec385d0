import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AccountGuard from '#src/components/AccountGuard.astro';
import { CUMIN, SAFFRON, installBrowser, loadShop } from './browser.ts';
import { SHOPPER } from '../../support/shopData.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The guard's inline script as the page sends it. */
async function guardScript(needsCart: boolean): Promise<string> {
  const container = await AstroContainer.create();
  // typescript-eslint cannot read .astro modules (astro check types them).
  // eslint-disable-next-line @typescript-eslint/no-unsafe-argument
  const html = await container.renderToString(AccountGuard, { props: { needsCart } });
  const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1];
  if (script === undefined) throw new Error(`no inline script in ${html}`);
  return script;
}

/** Runs the guard over this storage and answers where it sends the shopper (null: it stays). */
function runGuard(script: string, storage: Record<string, string>): string | null {
  let leftFor: string | null = null;
  const localStorage = { getItem: (key: string) => storage[key] ?? null };
  const location = {
    pathname: '/checkout',
    search: '',
    replace: (path: string) => (leftFor ??= path),
  };
  const document = { documentElement: { style: { visibility: '' } } };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const run = new Function('localStorage', 'location', 'document', script) as (...globals: object[]) => void;
  run(localStorage, location, document);
  return leftFor;
}

const LINE = { ...SAFFRON, quantity: 2 };

/** Values a broken or foreign writer could leave under `user` and `cart`, and good ones. */
const entry = fc.record(
  {
    id: fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constant(null)),
    phone: fc.oneof(fc.string(), fc.integer()),
    name: fc.oneof(fc.string(), fc.integer()),
    price: fc.oneof(fc.double(), fc.string(), fc.integer({ min: -3, max: 3 })),
    quantity: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.double(), fc.string()),
  },
  { requiredKeys: [] },
);
const stored = fc.oneof(
  fc.string(),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc
    .constantFrom(SHOPPER, { ...SHOPPER, id: 42 }, LINE, [LINE], [7, { ...CUMIN, quantity: 1 }])
    .map((value) => JSON.stringify(value)),
  entry.map((value) => JSON.stringify(value)),
  fc.array(fc.oneof(entry, fc.jsonValue(), fc.constant(LINE))).map((value) => JSON.stringify(value)),
);

let guard: { account: string; checkout: string };

beforeAll(async () => {
  guard = { account: await guardScript(false), checkout: await guardScript(true) };
});

describe('the account guard', () => {
  it('sends a signed-out shopper to sign in and one with an empty cart from checkout to the cart', () => {
    expect(runGuard(guard.account, {})).toBe('/auth?next=%2Fcheckout');
    expect(runGuard(guard.account, { user: JSON.stringify(SHOPPER) })).toBeNull();
    expect(runGuard(guard.checkout, { user: JSON.stringify(SHOPPER), cart: '[]' })).toBe('/cart');
    expect(
      runGuard(guard.checkout, { user: JSON.stringify(SHOPPER), cart: JSON.stringify([LINE]) }),
    ).toBeNull();
  });

  it('agrees with the stores on who is signed in and whether the cart holds a line, for any stored value', async () => {
    const browser = installBrowser();
    const shop = await loadShop();
    fc.assert(
      fc.property(fc.option(stored), fc.option(stored), (user, cart) => {
        browser.otherTabWrites('user', user);
        browser.otherTabWrites('cart', cart);
        const storage: Record<string, string> = {};
        if (user !== null) storage.user = user;
        if (cart !== null) storage.cart = cart;
        const signedIn = shop.auth.$user.get() !== null;
        const hasLines = shop.cart.$cart.get().length > 0;
        expect(runGuard(guard.account, storage) === null).toBe(signedIn);
        expect(runGuard(guard.checkout, storage) === null).toBe(signedIn && hasLines);
      }),
      { numRuns: 300 },
    );
  });
});
