import type { APIContext } from 'astro';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductView } from '#src/lib/productView.ts';
import { firstOrdersOf, placeOrderEndpoint, lookupOrderEndpoint } from '#src/server/orders/api.ts';
import type { Catalogue } from '#src/server/catalogue/load.ts';
import { priceLines } from '#src/server/orders/pricing.ts';
import type { SignedIn } from '#src/server/identity/index.ts';
import { createPayments, paymentSettingsFromEnv, type Payments } from '#src/server/payments/settings.ts';
import { createStore, type Store } from '#src/server/store/index.ts';
import { cookiesSetBy } from '../support/cookies.ts';
import { DATABASES, type TestDatabase } from '../support/databases.ts';

type Product = Pick<ProductView, '_id' | 'title' | 'variety' | 'netQuantities' | 'inStock' | 'lot'>;

const product = (
  id: string,
  title: string,
  prices: [string, number][],
  { offer = 0, inStock = true, lot }: { offer?: number; inStock?: boolean; lot?: Product['lot'] } = {},
): Product => ({
  _id: id,
  title,
  variety: 'Seeds',
  inStock,
  ...(lot ? { lot } : {}),
  netQuantities: prices.map(([label, price]) =>
    offer
      ? { label, grams: 100, price, offerPrice: Math.round(price * (100 - offer)) / 100 }
      : { label, grams: 100, price },
  ),
});

const CATALOGUE: Catalogue = new Map(
  [
    product(
      'cumin-seeds',
      'Cumin Seeds',
      [
        ['100 g', 6.5],
        ['250 g', 13],
      ],
      { lot: { harvest: 'Spring 2026', region: 'Unjha, Gujarat', packedOn: '2026-06-12' } },
    ),
    product('sumac', 'Sumac', [['50 g', 7.3]], { offer: 20 }),
    product('black-lime', 'Black Lime', [['50 g', 9.99]], { inStock: false }),
  ].map((entry) => [entry._id, entry]),
);

describe('pricing an order from the catalogue', () => {
  it('prices each line in cents with the offer applied and names it as the cart does', () => {
    const priced = priceLines(CATALOGUE, [
      { productId: 'cumin-seeds', pack: '250 g', quantity: 3 },
      { productId: 'sumac', pack: '50 g', quantity: 2 },
    ]);
    expect(priced).toMatchObject({
      ok: true,
      totalCents: 3 * 1300 + 2 * 584,
      lines: [
        { id: 'cumin-seeds:250 g', name: 'Cumin Seeds (250 g)', priceCents: 1300, listPriceCents: 1300 },
        { id: 'sumac:50 g', name: 'Sumac (50 g)', priceCents: 584, listPriceCents: 730 },
      ],
    });
  });

  it('refuses an unknown product, an unknown pack and a repeated line, naming the line', () => {
    expect(priceLines(CATALOGUE, [{ productId: 'gold', pack: '1 g', quantity: 1 }])).toEqual({
      ok: false,
      message: 'Line 1: there is no product "gold".',
    });
    expect(
      priceLines(CATALOGUE, [
        { productId: 'sumac', pack: '50 g', quantity: 1 },
        { productId: 'cumin-seeds', pack: '75 g', quantity: 1 },
      ]),
    ).toEqual({ ok: false, message: 'Line 2: Cumin Seeds comes in 100 g, 250 g, not "75 g".' });
    expect(
      priceLines(CATALOGUE, [
        { productId: 'sumac', pack: '50 g', quantity: 1 },
        { productId: 'sumac', pack: '50 g', quantity: 2 },
      ]),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/^Line 2 repeats line 1/) });
  });
});

const ADDRESS = {
  name: 'Asha Rao',
  street: '12 Fennel Street',
  city: 'Pune',
  state: '',
  zip: '411001',
  phone: '',
};
const VALID = {
  items: [
    { productId: 'cumin-seeds', pack: '100 g', quantity: 2 },
    { productId: 'sumac', pack: '50 g', quantity: 1 },
  ],
  address: ADDRESS,
  total: 18.84,
};

/** An order's first answer without its tracking link, which only the answer that created it carries. */
const withoutLink = (body: Record<string, unknown>) => ({
  ...body,
  order: { ...(body['order'] as object), trackingUrl: undefined },
});

describe.each(DATABASES)('orders on $name', ({ create }) => {
  let database: TestDatabase;
  let store: Store;
  let payments: Payments;
  /** The session every request carries, unless a test takes it away. */
  let shopper: SignedIn | undefined;
  /** The orders the answers named to My Orders as just placed (its `justPlaced` cookie). */
  let namedToMyOrders: string[] = [];
  // The limits are tested on their own below; these tests send many requests from one client.
  const place = placeOrderEndpoint(async () => CATALOGUE, { perMinute: 100_000 });
  const lookup = lookupOrderEndpoint({ perMinute: 100_000 });

  /** One POST as a client sends it; `raw` replaces the JSON body. */
  async function post(
    body: unknown,
    {
      key = 'key-0123456789abcdef',
      raw,
      endpoint = place,
      from = '127.0.0.1',
    }: { key?: string | null; raw?: string; endpoint?: typeof place; from?: string } = {},
  ) {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (key !== null) headers['Idempotency-Key'] = key;
    const url = new URL('http://shop.test/api/v1/orders');
    const request = new Request(url, { method: 'POST', headers, body: raw ?? JSON.stringify(body) });
    const { cookies, set } = cookiesSetBy();
    const response = await endpoint({
      request,
      url,
      clientAddress: from,
      cookies,
      locals: { store, payments, session: async () => shopper },
    } as unknown as APIContext);
    namedToMyOrders.push(...set.filter(({ name }) => name === 'justPlaced').map(({ value }) => value));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** A guest's lookup, the phone in its header (`signedIn`: the owner's, by id alone). */
  async function track(
    id: string,
    phone: string,
    { signedIn = false, query = '', from = '127.0.0.2', endpoint = lookup, token = '' } = {},
  ) {
    const url = new URL(`http://shop.test/api/v1/orders/${id}${query}`);
    const headers: Record<string, string> = token ? { 'X-Order-Token': token } : {};
    if (phone) headers['X-Order-Phone'] = phone;
    const response = await endpoint({
      request: new Request(url, { headers }),
      url,
      params: { id },
      clientAddress: from,
      locals: { store, payments, session: async () => (signedIn ? shopper : undefined) },
    } as unknown as APIContext);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  beforeEach(async () => {
    namedToMyOrders = [];
    database = await create();
    store = createStore(database.config);
    payments = createPayments(paymentSettingsFromEnv({}), store);
    shopper = { account: await store.accountForPhone('+919876543210'), token: 'unused' };
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  it('places an order priced by the server, with its lines and its first event, in the shape clients read', async () => {
    const { status, body } = await post(VALID);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      success: true,
      order: {
        id: expect.stringMatching(/^ORD-\d{12}$/),
        total: 18.84,
        status: 'processing',
        items: [
          { name: 'Cumin Seeds (100 g)', quantity: 2, price: 6.5 },
          { name: 'Sumac (50 g)', quantity: 1, price: 5.84 },
        ],
        address: ADDRESS,
        userId: shopper?.account.id,
      },
    });
    const [stored] = await store.recentOrders(10);
    expect(stored).toMatchObject({ totalCents: 1884, status: 'processing', phone: '+919876543210' });
    expect(stored?.events.map((event) => event.status)).toEqual(['processing']);
    expect(namedToMyOrders).toEqual([stored?.id]);
  });

  it.each([
    ['no lines', { ...VALID, items: [] }, /no lines/],
    [
      'over 50 lines',
      { ...VALID, items: Array.from({ length: 51 }, () => VALID.items[0]) },
      /at most 50 lines/,
    ],
    [
      'a quantity of 0',
      { ...VALID, items: [{ ...VALID.items[0], quantity: 0 }] },
      /^Line 1: Quantity must be a whole number from 1 to 99/,
    ],
    [
      'a quantity of 100',
      { ...VALID, items: [VALID.items[0], { ...VALID.items[1], quantity: 100 }] },
      /^Line 2: Quantity/,
    ],
    [
      'a fractional quantity',
      { ...VALID, items: [{ ...VALID.items[0], quantity: 1.5 }] },
      /^Line 1: Quantity/,
    ],
    [
      'an unknown product',
      { ...VALID, items: [{ ...VALID.items[0], productId: 'gold' }] },
      /^Line 1: there is no product/,
    ],
    [
      'an unknown pack',
      { ...VALID, items: [{ ...VALID.items[0], pack: '5 kg' }] },
      /^Line 1: Cumin Seeds comes in/,
    ],
    ['a missing name', { ...VALID, address: { ...ADDRESS, name: ' ' } }, /Full Name is required/],
    [
      'a missing street',
      { ...VALID, address: { ...ADDRESS, street: undefined } },
      /Street Address is required/,
    ],
    ['a missing city', { ...VALID, address: { ...ADDRESS, city: '' } }, /City is required/],
    ['a list instead of an object', [VALID], /Send a JSON object/],
  ])('refuses %s with 400 and stores nothing', async (_case, body, message) => {
    const { status, body: answer } = await post(body);
    expect(status).toBe(400);
    expect(answer).toEqual({ success: false, message: expect.stringMatching(message) });
    expect(await store.recentOrders(10)).toEqual([]);
    expect(namedToMyOrders).toEqual([]);
  });

  it('records on each line the lot on sale from the catalogue, never one the body names', async () => {
    const items = VALID.items.map((item) => ({ ...item, lot: 'A lot of my own' }));
    const { status, body } = await post({ ...VALID, items });
    expect(status).toBe(201);
    const lot = 'Spring 2026 harvest, Unjha, Gujarat · packed 12 Jun 2026';
    expect((body['order'] as { items: unknown[] }).items).toEqual([
      { productId: 'cumin-seeds', pack: '100 g', name: 'Cumin Seeds (100 g)', quantity: 2, price: 6.5, lot },
      { productId: 'sumac', pack: '50 g', name: 'Sumac (50 g)', quantity: 1, price: 5.84 },
    ]);
    const [stored] = await store.recentOrders(10);
    expect(stored?.lines.map((line) => line.lot)).toEqual([lot, undefined]);
  });

  it("keeps the country the order goes to (the shop's own when none is sent), and tracking names it", async () => {
    const abroad = { ...ADDRESS, city: 'London', zip: 'SW1A 2AA', country: 'United Kingdom' };
    const { status, body } = await post({ ...VALID, address: abroad });
    expect(status).toBe(201);
    const placed = body['order'] as { id: string; country: string; address: { country: string } };
    expect(placed.country).toBe('United Kingdom');
    expect(placed.address.country).toBe('United Kingdom');
    expect((await store.findOrder(placed.id))?.address.country).toBe('United Kingdom');
    // A guest tracking it with the phone sees where it goes, never the address.
    const tracked = await track(placed.id, '+91 98765 43210');
    expect(tracked.body['order']).toMatchObject({ id: placed.id, country: 'United Kingdom' });
    expect(tracked.body['order']).not.toHaveProperty('address');

    const home = await post(VALID, { key: 'key-home-0123456789' });
    expect((home.body['order'] as { country: string }).country).toBe('United States');
  });

  it('keeps the delivery phone in E.164, and refuses one that is no phone', async () => {
    const typed = { ...ADDRESS, phone: '(415) 555-0199' };
    const { status, body } = await post({ ...VALID, address: typed });
    expect(status).toBe(201);
    const { id } = body['order'] as { id: string };
    expect((await store.findOrder(id))?.address.phone).toBe('+14155550199');
    const wrong = await post(
      { ...VALID, address: { ...ADDRESS, phone: '0000000' } },
      { key: 'key-wrong-phone-0123' },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body['message']).toMatch(/^Address phone: /);
  });

  it('needs a session: 401 without one, and nothing is stored', async () => {
    shopper = undefined;
    expect(await post(VALID)).toEqual({
      status: 401,
      body: { success: false, message: expect.stringMatching(/sign in/) },
    });
    expect(await store.recentOrders(10)).toEqual([]);
  });

  it("draws My Orders with the session's first page of orders, as the API answers them", async () => {
    const placed = [];
    for (let n = 0; n < 21; n += 1)
      placed.push((await post(VALID, { key: `my-orders-key-${n}-000000` })).body);
    const someoneElse = shopper;
    shopper = { account: await store.accountForPhone('+14155550123'), token: 'unused' };
    await post(VALID, { key: 'someone-elses-key-0000' });
    shopper = someoneElse;

    const drawn = await firstOrdersOf({ store, session: async () => shopper } as unknown as App.Locals);
    expect(drawn?.more).toBe(true);
    expect(drawn?.orders).toHaveLength(20);
    // The newest, as it was answered when placed, but for what My Orders does not show.
    const newest = (placed.at(-1) as { order: Record<string, unknown> }).order;
    expect(drawn?.orders[0]).toEqual(
      Object.fromEntries(Object.entries(newest).filter(([key]) => key !== 'events' && key !== 'trackingUrl')),
    );
    expect(drawn?.orders.every((order) => (order as { userId: string }).userId === shopper?.account.id)).toBe(
      true,
    );
  });

  it('draws My Orders without orders for no session, and when the database fails, saying so', async () => {
    const locals = { store, session: async () => shopper } as unknown as App.Locals;
    shopper = undefined;
    expect(await firstOrdersOf(locals)).toBeUndefined();
    shopper = { account: await store.accountForPhone('+919876543210'), token: 'unused' };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = Object.assign(Object.create(store) as Store, {
      accountOrders: () => Promise.reject(new Error('the database is down')),
    });
    expect(await firstOrdersOf({ ...locals, store: failing })).toBeUndefined();
    expect(logged).toHaveBeenCalledWith(
      '[page] /my-orders is drawn without its orders: the database is down',
    );
    logged.mockRestore();
  });

  it('takes the account and its phone from the session, never from the body', async () => {
    const someoneElse = await store.accountForPhone('+14155550123');
    const { body } = await post({ ...VALID, phone: '+1 415 555 0123', userId: someoneElse.id });
    expect(body).toMatchObject({ order: { userId: shopper?.account.id } });
    const [stored] = await store.recentOrders(10);
    expect(stored).toMatchObject({ userId: shopper?.account.id, phone: '+919876543210' });
  });

  it('gives a retry of a stored order that order back, whatever the prices are today', async () => {
    const first = await post(VALID);
    const dearer: Catalogue = new Map(
      [...CATALOGUE].map(([id, entry]) => [
        id,
        {
          ...entry,
          netQuantities: entry.netQuantities.map(({ label, grams, price }) => ({
            label,
            grams,
            price: price * 2,
          })),
        },
      ]),
    );
    const retry = await post(VALID, {
      endpoint: placeOrderEndpoint(async () => dearer, { perMinute: 100_000 }),
    });
    expect(retry).toEqual({ status: 200, body: withoutLink(first.body) });
    expect(await store.recentOrders(10)).toHaveLength(1);
  });

  it('refuses malformed JSON and a missing or malformed Idempotency-Key', async () => {
    expect(await post(undefined, { raw: '{"items": [' })).toMatchObject({
      status: 400,
      body: { message: /not valid JSON/ },
    });
    expect(await post(VALID, { key: null })).toMatchObject({
      status: 400,
      body: { message: /Idempotency-Key/ },
    });
    expect(await post(VALID, { key: 'short' })).toMatchObject({
      status: 400,
      body: { message: /Idempotency-Key/ },
    });
    expect(await post(VALID, { key: 'has spaces in it, and more than sixteen' })).toMatchObject({
      status: 400,
    });
    expect(await store.recentOrders(10)).toEqual([]);
  });

  it('answers 409 with the lines priced today when a product is sold out', async () => {
    const { status, body } = await post({
      ...VALID,
      items: [{ productId: 'black-lime', pack: '50 g', quantity: 1 }],
      total: 9.99,
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({
      success: false,
      message: expect.stringMatching(/Black Lime \(50 g\)/),
      order: { items: [{ id: 'black-lime:50 g', inStock: false, price: 9.99 }], total: 9.99 },
    });
    expect(await store.recentOrders(10)).toEqual([]);
  });

  it('sells a pack the Markdown calls sold out once the merchant counts some, and takes them', async () => {
    await store.changeStock({ productId: 'black-lime', pack: '50 g', change: 'set', amount: 3 }, '');
    const { status } = await post({
      ...VALID,
      items: [{ productId: 'black-lime', pack: '50 g', quantity: 2 }],
      total: 19.98,
    });
    expect(status).toBe(201);
    expect(await store.stockLevels()).toEqual([{ productId: 'black-lime', pack: '50 g', count: 1 }]);
  });

  it('answers 409 saying how many are left when a line asks for more, and takes nothing', async () => {
    await store.changeStock({ productId: 'cumin-seeds', pack: '100 g', change: 'set', amount: 1 }, '');
    await store.changeStock({ productId: 'sumac', pack: '50 g', change: 'set', amount: 0 }, '');
    const { status, body } = await post(VALID);
    expect(status).toBe(409);
    expect(body).toMatchObject({
      success: false,
      message:
        'Only 1 left of Cumin Seeds (100 g). Sumac (50 g) has sold out since you added it. Please check your order and place it again.',
      order: {
        items: [
          { id: 'cumin-seeds:100 g', quantity: 2, inStock: true, available: 1 },
          { id: 'sumac:50 g', quantity: 1, inStock: false, available: 0 },
        ],
      },
    });
    expect(await store.recentOrders(10)).toEqual([]);
    expect((await store.stockLevels()).map((level) => level.count)).toEqual([1, 0]);
  });

  it('answers 409 with the server prices when the total the shopper saw differs', async () => {
    const { status, body } = await post({ ...VALID, total: 13.0 + 7.3 });
    expect(status).toBe(409);
    expect(body).toMatchObject({
      success: false,
      order: {
        total: 18.84,
        items: [
          { id: 'cumin-seeds:100 g', price: 6.5, listPrice: 6.5, inStock: true, quantity: 2 },
          { id: 'sumac:50 g', price: 5.84, listPrice: 7.3, inStock: true, quantity: 1 },
        ],
      },
    });
    expect(await store.recentOrders(10)).toEqual([]);
  });

  it('answers a repeated key with the first order (200), and a reused key with another body with 422', async () => {
    const first = await post(VALID);
    const again = await post(VALID);
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 200, body: withoutLink(first.body) });
    const other = await post({ ...VALID, items: [VALID.items[0]], total: 13 });
    expect(other).toMatchObject({ status: 422, body: { success: false, message: /already used/ } });
    expect(await store.recentOrders(10)).toHaveLength(1);
    // The retry names the order again: the first answer, which named it, may have been lost.
    const { id } = first.body['order'] as { id: string };
    expect(namedToMyOrders).toEqual([id, id]);
  });

  it('makes one order of 20 copies of one request sent at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(VALID, { key: 'same-key-for-all-twenty' })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(19);
    expect(new Set(answers.map((answer) => (answer.body['order'] as { id: string }).id)).size).toBe(1);
    expect(await store.recentOrders(100)).toHaveLength(1);
  });

  it('stores 40 orders sent at once under their own keys, each once, with distinct ids', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(VALID, { key: `parallel-order-key-${i}` })),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    const stored = await store.recentOrders(100);
    expect(stored).toHaveLength(40);
    expect(new Set(stored.map((order) => order.id)).size).toBe(40);
  });

  it('limits an account too: the same shopper from many addresses counts once', async () => {
    const limited = placeOrderEndpoint(async () => CATALOGUE, { perMinute: 5 });
    for (let i = 0; i < 5; i += 1) await post({}, { endpoint: limited, from: `10.0.0.${i}` });
    expect(await post(VALID, { endpoint: limited, from: '10.0.0.99' })).toMatchObject({ status: 429 });
    expect(await store.recentOrders(10)).toEqual([]);
  });

  it('refuses a client over the rate limit with 429 and Retry-After, storing nothing', async () => {
    const limited = placeOrderEndpoint(async () => CATALOGUE, { perMinute: 5 });
    for (let i = 0; i < 5; i += 1) await post({}, { endpoint: limited });
    expect(await post(VALID, { endpoint: limited })).toMatchObject({ status: 429, body: { success: false } });
    expect(await store.recentOrders(10)).toEqual([]);
  });

  it('moves an order forward only: shipped, then delivered, each with its time', async () => {
    const { body } = await post(VALID);
    const id = (body['order'] as { id: string }).id;
    expect(await store.moveOrder(id, 'delivered')).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(await store.moveOrder(id, 'shipped')).toMatchObject({ ok: true, order: { status: 'shipped' } });
    expect(await store.moveOrder(id, 'shipped')).toMatchObject({ ok: false, reason: 'not-allowed' });
    const delivered = await store.moveOrder(id, 'delivered');
    expect(delivered).toMatchObject({ ok: true, order: { status: 'delivered' } });
    expect(delivered.ok && delivered.order.events.map((event) => event.status)).toEqual([
      'processing',
      'shipped',
      'delivered',
    ]);
    expect(await store.moveOrder(id, 'shipped')).toMatchObject({ ok: false, reason: 'not-allowed' });
    expect(await store.moveOrder('ORD-404', 'shipped')).toEqual({ ok: false, reason: 'not-found' });
  });

  it('tracks an order by id and its phone however written; a wrong phone and an unknown id look alike', async () => {
    const { body } = await post(VALID);
    const id = (body['order'] as { id: string }).id;
    await store.moveOrder(id, 'shipped');
    const found = await track(id, '+91 98765-43210');
    expect(found).toMatchObject({ status: 200, body: { success: true, order: { id, status: 'shipped' } } });
    expect((found.body['order'] as Record<string, unknown>)['address']).toBeUndefined();
    const wrongPhone = await track(id, '+91 11111 11111');
    const unknown = await track('ORD-1', '+91 98765 43210');
    expect(wrongPhone).toEqual({
      status: 404,
      body: { success: false, message: expect.stringMatching(/not found/) },
    });
    expect(unknown).toEqual(wrongPhone);
    expect(await track(id, '')).toMatchObject({ status: 400 });
    expect(await track(id, '', { signedIn: true })).toMatchObject({ status: 200, body: { order: { id } } });
    expect(await track(id, '', { query: '?phone=919876543210' })).toMatchObject({
      status: 400,
      body: { message: expect.stringMatching(/header/) },
    });
  });

  it('shows an order by its tracking link until 90 days after delivery, then no more', async () => {
    const { body } = await post(VALID);
    const { id, trackingUrl } = body['order'] as { id: string; trackingUrl: string };
    const token = new URL(trackingUrl).searchParams.get('t') ?? '';
    // The clock moves for the lookups alone: the store's own times stay in order.
    const byLinkAt = async (at: number) => {
      vi.useFakeTimers({ toFake: ['Date'], now: at });
      try {
        return (await track(id, '', { token })).status;
      } finally {
        vi.useRealTimers();
      }
    };
    await store.moveOrder(id, 'shipped');
    // Not delivered yet: the link works however long that takes.
    expect(await byLinkAt(Date.now() + 200 * 86_400_000)).toBe(200);
    const delivered = await store.moveOrder(id, 'delivered');
    const deliveredAt = Date.parse(delivered.ok ? (delivered.order.events.at(-1)?.at ?? '') : '');
    expect(await byLinkAt(deliveredAt + 90 * 86_400_000 - 1000)).toBe(200);
    expect(await byLinkAt(deliveredAt + 90 * 86_400_000)).toBe(404);
    // Its owner, signed in, still sees it by its id.
    expect(await track(id, '', { signedIn: true })).toMatchObject({ status: 200 });
  });

  it("limits a guest's wrong guesses on an order id for that guest, not for the order's owner", async () => {
    const { body } = await post(VALID);
    const id = (body['order'] as { id: string }).id;
    // The shop's default limits: 10 guesses on one order a minute.
    vi.stubEnv('RATE_LIMIT_PER_MINUTE', '5');
    const endpoint = lookupOrderEndpoint();
    vi.unstubAllEnvs();
    const guesses = [];
    for (let n = 0; n < 11; n += 1) {
      guesses.push(
        (await track(id, `+91 98765 5${String(n).padStart(4, '0')}`, { from: '10.0.0.66', endpoint })).status,
      );
    }
    expect(guesses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(guesses[10]).toBe(429);
    // The owner, a guest in another browser, still tracks the order.
    expect(await track(id, '+91 98765 43210', { from: '10.0.0.7', endpoint })).toMatchObject({ status: 200 });
  });
});
