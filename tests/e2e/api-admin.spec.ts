// The back office's API as a client sees it: the role checked on the server for every route, bad
// input and races answered.
import type { APIRequestContext } from '@playwright/test';
import { placeOrder, signIn } from './account.ts';
import { expect, test } from './fixtures.ts';
import { merchant } from './merchant.ts';

const NO_ORDER = 'ORD-000000000000';
/** Every route of the back office's API, with a body each would take. */
const ROUTES: [method: 'GET' | 'POST', path: string, body?: object][] = [
  ['GET', '/api/v1/admin/orders'],
  ['POST', `/api/v1/admin/orders/${NO_ORDER}/ship`, { carrier: 'UPS' }],
  ['POST', `/api/v1/admin/orders/${NO_ORDER}/deliver`, {}],
  ['POST', `/api/v1/admin/orders/${NO_ORDER}/cancel`, {}],
  ['POST', `/api/v1/admin/orders/${NO_ORDER}/refund`, { amount: '1.00' }],
  ['POST', '/api/v1/admin/stock', { productId: 'zaatar', pack: '50 g', change: 'add', amount: 1 }],
  ['POST', '/api/v1/admin/reviews/R-0000000000', { state: 'approved' }],
  ['POST', '/api/v1/admin/messages/no-such-message/resend', {}],
  ['POST', '/api/v1/admin/discounts', { action: 'disable', code: 'NOSUCHCODE' }],
];

const call = (request: APIRequestContext, [method, path, body]: (typeof ROUTES)[number], headers = {}) =>
  method === 'GET' ? request.get(path, { headers }) : request.post(path, { data: body ?? {}, headers });

test('every admin route refuses no session, a forged one, an ended one, a shopper’s, and a cross-site Origin', async ({
  page,
  playwright,
  baseURL: base,
}) => {
  const baseURL = base ?? '';
  const anonymous = await playwright.request.newContext({ baseURL });
  const forged = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: 'session=forged-0123456789' },
  });
  await signIn(page, { name: 'Sam Shopper' });
  for (const route of ROUTES) {
    const name = `${route[0]} ${route[1]}`;
    expect((await call(anonymous, route)).status(), `${name} without a session`).toBe(401);
    expect((await call(forged, route)).status(), `${name} with a forged session`).toBe(401);
    const shopper = await call(page.request, route);
    expect(shopper.status(), `${name} as a shopper`).toBe(403);
    expect(await shopper.json()).toEqual({
      success: false,
      message: 'This is for the shop’s merchants only.',
    });
  }

  const user = await signIn(page, { name: 'Meera Merchant' });
  await merchant('merchants', 'add', user.phone);
  for (const route of ROUTES.filter(([method]) => method === 'POST')) {
    const crossSite = await call(page.request, route, { Origin: 'https://evil.example' });
    expect(crossSite.status(), `${route[1]} from another site`).toBe(403);
  }
  expect((await call(page.request, ROUTES[0] ?? ['GET', ''])).status()).toBe(200);
  // Signed out, the same cookie opens nothing.
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'session');
  expect((await page.request.delete('/api/v1/auth/session')).ok()).toBe(true);
  const ended = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `session=${cookie?.value ?? ''}` },
  });
  for (const route of ROUTES) expect((await call(ended, route)).status(), `${route[1]} ended`).toBe(401);
  await Promise.all([anonymous.dispose(), forged.dispose(), ended.dispose()]);
});

test('bad input has its answer: a long carrier, shipping a delivered order, a refund of an order not paid by card, a bad filter', async ({
  page,
}) => {
  const user = await signIn(page, { name: 'Meera Merchant' });
  await merchant('merchants', 'add', user.phone);
  const order = await placeOrder(page, [
    { productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 1 },
  ]);
  const act = (action: string, data: object = {}) =>
    page.request.post(`/api/v1/admin/orders/${order.id}/${action}`, { data });

  const long = await act('ship', { carrier: 'U'.repeat(61) });
  expect(long.status()).toBe(400);
  expect(((await long.json()) as { message: string }).message).toMatch(/at most 60 characters/);
  expect((await act('refund', { amount: '1.00' })).status()).toBe(409);
  expect((await act('refund', { amount: '-3' })).status()).toBe(400);
  expect((await act('ship', { carrier: 'UPS' })).status()).toBe(200);
  expect((await act('deliver')).status()).toBe(200);
  const again = await act('ship');
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { message: string }).message).toMatch(
    new RegExp(`^Order ${order.id} is delivered \\(deliver by Meera Merchant`),
  );
  expect((await act('cancel')).status()).toBe(409);
  expect((await act('frobnicate')).status()).toBe(404);
  expect((await page.request.post(`/api/v1/admin/orders/${NO_ORDER}/ship`, { data: {} })).status()).toBe(404);
  expect((await page.request.get('/api/v1/admin/orders?status=lost')).status()).toBe(400);
  expect((await page.request.get('/api/v1/admin/orders?from=yesterday')).status()).toBe(400);
  const found = await page.request.get(`/api/v1/admin/orders?q=${order.id.slice(4, 12)}&status=delivered`);
  expect(((await found.json()) as { orders: { id: string }[] }).orders.map((entry) => entry.id)).toEqual([
    order.id,
  ]);
});

test('one merchant’s two tabs shipping one order at once: one ships it, the other is told what happened', async ({
  page,
  context,
}) => {
  const user = await signIn(page, { name: 'Meera Merchant' });
  await merchant('merchants', 'add', user.phone);
  const order = await placeOrder(page, [
    { productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 1 },
  ]);
  const other = await context.newPage();
  const ship = (tab: typeof page, carrier: string) =>
    tab.request.post(`/api/v1/admin/orders/${order.id}/ship`, { data: { carrier } });
  const answers = await Promise.all([ship(page, 'UPS'), ship(other, 'DHL')]);
  expect(answers.map((answer) => answer.status()).sort()).toEqual([200, 409]);
  const lost = answers.find((answer) => answer.status() === 409);
  expect(((await lost?.json()) as { message: string } | undefined)?.message).toMatch(
    new RegExp(`^Order ${order.id} is shipped \\(ship by Meera Merchant`),
  );
  expect((await merchant('orders', 'show', order.id)).match(/shipped/g)?.length).toBeGreaterThanOrEqual(1);
  expect(
    (await merchant('merchants', 'log', '50')).match(new RegExp(`ship\\s+${order.id}`, 'g')),
  ).toHaveLength(1);
});
