// @ts-check
// The shop's routes, the page types the benchmark measures, and the signed-in shopper (a real
// account, signed in through the shop's API, and the browser's copies of it) that the benchmark,
// the byte budgets and the accessibility tests use. One list, so every check covers the same pages.

/**
 * Which byte budget a page answers to (tests/e2e/budgets.spec.ts holds the figures): `static`
 * pages load no React and a few KB of JavaScript, `interaction` pages no React before the shopper
 * acts (home, catalogue, product pages), `app` pages React and their islands.
 * @typedef {'static' | 'interaction' | 'app'} Budget
 */

/**
 * @typedef {object} ShopRoute
 * @property {string} path  a path; `:product` and `:order` stand for a real product and order id
 * @property {Budget} budget
 * @property {boolean} [signedIn]  the page needs a signed-in shopper (it sends visitors to /auth)
 * @property {boolean} [visitorOnly]  the page sends a signed-in shopper away (sign-in)
 * @property {number} [status]  the HTTP status the page answers with, when not 200
 * @property {string} group  its page type in the benchmark's Lighthouse targets
 */

/** The ten information pages, written in Markdown. */
const INFO_PATHS = [
  '/about',
  '/our-story',
  '/sustainability',
  '/careers',
  '/faq',
  '/shipping',
  '/returns',
  '/privacy',
  '/terms',
  '/cookies',
];

/** One recipe's page, for the checks every route gets. */
const RECIPE_PATH = '/recipes/chana-masala';

/** An address no route matches: the not-found page. */
const NOT_FOUND_PATH = '/no-such-page';

/** @type {ShopRoute[]} Every route of the shop, with its variants. */
export const ROUTES = [
  { path: '/', budget: 'interaction', group: 'home' },
  ...INFO_PATHS.map((path) => ({ path, budget: /** @type {const} */ ('static'), group: 'information' })),
  { path: NOT_FOUND_PATH, budget: 'static', status: 404, group: '404' },
  // Recipes are static pages read like the information pages; a recipe's own script serves only
  // its "Add the spices to cart" button.
  { path: '/recipes', budget: 'static', group: 'information' },
  { path: RECIPE_PATH, budget: 'static', group: 'information' },
  { path: '/products', budget: 'interaction', group: 'catalogue' },
  { path: '/products/:product', budget: 'interaction', group: 'product' },
  { path: '/products/no-such-spice', budget: 'app', status: 404, group: '404' },
  { path: '/new-arrivals', budget: 'app', group: 'lists' },
  { path: '/best-sellers', budget: 'app', group: 'lists' },
  { path: '/special-offers', budget: 'app', group: 'lists' },
  { path: '/contact', budget: 'app', group: 'contact' },
  { path: '/cart', budget: 'app', group: 'cart' },
  { path: '/wishlist', budget: 'app', group: 'wishlist' },
  { path: '/auth', budget: 'app', visitorOnly: true, group: 'auth' },
  { path: '/checkout', budget: 'app', signedIn: true, group: 'checkout' },
  { path: '/profile', budget: 'app', signedIn: true, group: 'profile' },
  { path: '/my-orders', budget: 'app', signedIn: true, group: 'orders' },
  { path: '/track-order', budget: 'app', group: 'tracking' },
  { path: '/track-order/:order', budget: 'app', group: 'tracking' },
];

/**
 * The states a route is seen in: signed out and signed in, except pages only one of them reaches.
 * @param {ShopRoute} route
 * @returns {('signed out' | 'signed in')[]}
 */
export function routeStates(route) {
  return /** @type {const} */ (['signed out', 'signed in']).filter(
    (state) => !(route.signedIn && state === 'signed out') && !(route.visitorOnly && state === 'signed in'),
  );
}

/**
 * @typedef {object} PageType
 * @property {string} name
 * @property {string} path
 * @property {boolean} signedIn  measured with the seeded shopper, cart and orders
 */

/** @type {PageType[]} The page types of the benchmark report, in its order. */
export const PAGE_TYPES = [
  { name: 'home', path: '/', signedIn: false },
  { name: 'information', path: '/about', signedIn: false },
  { name: 'catalogue', path: '/products', signedIn: false },
  { name: 'product', path: '/products/:product', signedIn: false },
  { name: 'lists', path: '/new-arrivals', signedIn: false },
  { name: 'cart', path: '/cart', signedIn: true },
  { name: 'wishlist', path: '/wishlist', signedIn: true },
  { name: 'auth', path: '/auth', signedIn: false },
  { name: 'checkout', path: '/checkout', signedIn: true },
  { name: 'orders', path: '/my-orders', signedIn: true },
  { name: 'tracking', path: '/track-order/:order', signedIn: true },
  { name: 'profile', path: '/profile', signedIn: true },
  { name: 'contact', path: '/contact', signedIn: false },
  { name: '404', path: NOT_FOUND_PATH, signedIn: false },
];

/** The seeded shopper's profile. */
const SHOPPER = { name: 'Asha Rao', email: 'asha@example.com' };

/**
 * @typedef {object} SeedProduct  a catalogue product in one pack size
 * @property {string} id  the product's slug
 * @property {string} title
 * @property {string} size  the pack label, e.g. "50 g"
 * @property {number} price
 * @property {string} image
 */

/**
 * Two products in stock from the catalogue's index (first pack size, at the price the shopper
 * pays, with the 240 px picture a card or product page puts on the lines it saves), or none when
 * the index is not there yet.
 * @param {string} baseURL
 * @returns {Promise<SeedProduct[]>}
 */
export async function catalogueSample(baseURL) {
  const response = await fetch(new URL('/products/index.json', baseURL)).catch(() => undefined);
  if (!response?.ok) return [];
  const body = /** @type {{ products?: IndexProduct[] }} */ (await response.json());
  const inStock = (body.products ?? []).filter((product) => product.inStock);
  return inStock.slice(0, 2).map((product) => ({
    id: product.id,
    title: product.title,
    size: product.pack.label,
    price: product.pack.offerPrice ?? product.pack.price,
    image: product.thumb,
  }));
}

/**
 * @typedef {object} IndexProduct  what the benchmark and tests read of `GET /products/index.json`
 * @property {string} id
 * @property {string} title
 * @property {boolean} inStock
 * @property {{ label: string, price: number, offerPrice?: number }} pack  the first pack size
 * @property {string} thumb  root-relative URL of the 240 px picture
 */

/**
 * @typedef {object} SignedInShopper
 * @property {{ name: string, value: string }} cookie  the session cookie the shop set
 * @property {{ id: string, phone: string, name: string, email: string, profilePicture: string }} user
 * @property {Record<string, unknown>} storage  the browser's keys: user, a cart of two lines, a
 *   wishlist, the account's order and its address book (the copies the stores keep)
 * @property {string} orderId  the id of the order the shopper placed
 */

/**
 * Signs a new shopper in through the shop's own API with the demo code (a phone no one else used
 * gives a new account), names them, saves an address and places an order of `products`.
 * @param {string} baseURL
 * @param {SeedProduct[]} products  catalogue products for the cart, wishlist and order
 * @param {string} phone
 * @returns {Promise<SignedInShopper>}
 */
export async function signInShopper(baseURL, products, phone) {
  const SIGN_IN = '/api/v1/auth/session';
  /** @type {{ name: string, value: string } | undefined} */
  let cookie;
  /**
   * @param {string} path
   * @param {string} method
   * @param {unknown} body
   * @param {Record<string, string>} [headers]
   * @returns {Promise<Record<string, any>>}
   */
  async function call(path, method, body, headers = {}) {
    const response = await fetch(new URL(path, baseURL), {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(cookie ? { Cookie: `${cookie.name}=${cookie.value}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    });
    // The session is the cookie the sign-in sets. Others (My Orders' order just placed) stay
    // out of the seeded browser, which shows the shopper's pages as they are on a later visit.
    const set = /^([^=]+)=([^;]*)/.exec(response.headers.get('set-cookie') ?? '');
    if (path === SIGN_IN && set?.[1] && set[2]) cookie = { name: set[1], value: set[2] };
    const answer = /** @type {Record<string, any>} */ (await response.json());
    if (!response.ok && response.status !== 409) {
      throw new Error(`${method} ${path} answered ${response.status}: ${answer['message']}`);
    }
    return answer;
  }

  await call('/api/v1/auth/code', 'POST', { phone });
  await call(SIGN_IN, 'POST', { phone, code: '123456' });
  const { user } = await call('/api/v1/account', 'PATCH', SHOPPER);
  const { address } = await call('/api/v1/account/addresses', 'POST', {
    label: 'Home',
    name: SHOPPER.name,
    street: '12 Market Street',
    city: 'San Francisco',
    state: 'CA',
    zip: '94103',
    country: 'United States',
    phone: user.phone,
  });
  const lines = products.map((p, index) => ({
    id: `${p.id}:${p.size}`,
    name: `${p.title} (${p.size})`,
    price: p.price,
    image: p.image,
    quantity: index + 1,
  }));
  const total = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) / 100;
  const { order } = await call(
    '/api/v1/orders',
    'POST',
    {
      items: products.map((p, index) => ({ productId: p.id, pack: p.size, quantity: index + 1 })),
      address: {
        name: address.name,
        street: address.street,
        city: address.city,
        state: address.state,
        zip: address.zip,
        phone: address.phone,
      },
      total,
    },
    { 'Idempotency-Key': `seed-${phone.replace(/\D/g, '')}-${Date.now()}` },
  );
  if (!cookie || !order) throw new Error('The shop did not sign the seeded shopper in and take their order.');
  return {
    cookie,
    user,
    orderId: order.id,
    storage: {
      user,
      cart: lines,
      wishlist: products.map((p) => ({ id: p.id, name: p.title, price: p.price, image: p.image })),
      [`addresses:${user.id}`]: [address],
      orders: [{ ...order, address }],
    },
  };
}

/**
 * Makes a browser context the seeded shopper's: their session cookie, and the copies their
 * browser keeps in storage (written on `page`, which is left on the shop's origin).
 * @param {import('@playwright/test').BrowserContext} context
 * @param {import('@playwright/test').Page} page
 * @param {string} baseURL
 * @param {SignedInShopper} shopper
 */
export async function seedSignedIn(context, page, baseURL, shopper) {
  await context.addCookies([{ ...shopper.cookie, url: baseURL }]);
  await page.goto(`${baseURL}/robots.txt`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
  }, shopper.storage);
}

/**
 * A route's path with its placeholders filled in.
 * @param {string} path
 * @param {{ product: string, order?: string }} ids
 */
export function resolvePath(path, ids) {
  return path.replace(':product', ids.product).replace(':order', ids.order ?? 'ORD-000000000000');
}
