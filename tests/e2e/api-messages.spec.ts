// The shop's messages about an order, as the shopper's phone receives them: a stand-in SMS
// provider in front of a server of its own. API only: Playwright's plain `test`, no browser page.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { sqliteDatabase, type TestDatabase } from '../support/databases.ts';
import { postOrder } from '../support/requests.ts';
import { startServer, type ShopServer } from '../support/server.ts';
import { latestCode, startSmsProvider, type SmsProvider } from '../support/smsProvider.ts';

test.describe.configure({ mode: 'default' });

let database: TestDatabase;
let server: ShopServer;
let provider: SmsProvider;

test.beforeEach(async () => {
  provider = await startSmsProvider();
  database = sqliteDatabase();
  server = await startServer({ ...database.env, ...serverEnv() });
});

/**
 * The shop's settings: limits raised (one test client), the stand-in as its SMS provider, and a
 * short lease, so that a text a killed server had claimed goes out from the next one in seconds.
 */
const serverEnv = () => ({ RATE_LIMIT_PER_MINUTE: '100000', OUTBOX_LEASE_SECONDS: '2', ...provider.env });
test.afterEach(async () => {
  await server.stop();
  await database.drop();
  await provider.close();
});

const post = (path: string, body: unknown, cookie = '') =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });

/** Signs in with the code the provider received, as a shopper reading their phone would. */
async function signIn(phone: string): Promise<string> {
  expect((await post('/api/v1/auth/code', { phone })).status).toBe(200);
  const code = latestCode(provider, phone.replace(/\s/g, ''));
  const checked = await post('/api/v1/auth/session', { phone, code });
  expect(checked.status).toBe(200);
  return /^[^;]+/.exec(checked.headers.get('set-cookie') ?? '')?.[0] ?? '';
}

const textsAbout = (orderId: string) => provider.texts.filter((text) => text.body.includes(orderId));
const linkIn = (body: string) => /(https?:\/\/\S+\/track-order\/\S+\?t=[\w-]+)/.exec(body)?.[1] ?? '';

test('placing an order texts the shopper once, with a link that shows the order without a phone', async () => {
  const cookie = await signIn('+1 415 555 0150');
  const placed = await postOrder(server.url, 'message-order-key-0001', { headers: { Cookie: cookie } });
  expect(placed.status).toBe(201);
  const { order } = JSON.parse(placed.text) as { order: { id: string; trackingUrl: string } };

  await expect.poll(() => textsAbout(order.id).length).toBe(1);
  const [text] = textsAbout(order.id);
  expect(text?.to).toBe('+14155550150');
  expect(text?.body).toMatch(/Order ORD-\d{12} for \$36\.50 is placed\. You pay on delivery\./);
  const link = linkIn(text?.body ?? '');
  expect(link).toBe(order.trackingUrl);
  const token = new URL(link).searchParams.get('t') ?? '';
  expect(token.length).toBeGreaterThanOrEqual(22);

  const track = (id: string, value: string) =>
    fetch(`${server.url}/api/v1/orders/${id}`, { headers: { 'X-Order-Token': value } });
  expect((await track(order.id, token)).status).toBe(200);
  const wrong = await track(order.id, `${token.slice(0, -1)}x`);
  const unknown = await track('ORD-000000000000', token);
  expect(wrong.status).toBe(404);
  expect(await wrong.text()).toBe(await unknown.text());
  // The token reaches no log: not as a query, not in the texts printed.
  expect(server.output()).not.toContain(token);

  // A retry of the same order tells nobody twice.
  await postOrder(server.url, 'message-order-key-0001', { headers: { Cookie: cookie } });
  await expect
    .poll(() => server.output().match(/"path":"\/api\/v1\/orders","status":200/g)?.length ?? 0)
    .toBe(1);
  expect(textsAbout(order.id)).toHaveLength(1);
});

test('shipping and delivery with the merchant’s command text the shopper, each once', async () => {
  const cookie = await signIn('+1 415 555 0151');
  const placed = await postOrder(server.url, 'message-order-key-0002', { headers: { Cookie: cookie } });
  const { order } = JSON.parse(placed.text) as { order: { id: string } };
  const merchant = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['scripts/orders.ts', ...args], {
      env: { ...process.env, ...database.env },
    });
  await merchant('ship', order.id);
  await expect
    .poll(() => textsAbout(order.id).map((text) => /on its way/.test(text.body)))
    .toEqual([false, true]);
  await merchant('deliver', order.id);
  await expect.poll(() => textsAbout(order.id).length).toBe(3);
  expect(textsAbout(order.id)[2]?.body).toMatch(/was delivered/);
  // Every text went out under its own idempotency key.
  expect(new Set(provider.texts.map((text) => text.key)).size).toBe(provider.texts.length);
  const outbox = await promisify(execFile)(process.execPath, ['scripts/outbox.ts'], {
    env: { ...process.env, ...database.env },
  });
  expect(outbox.stdout).toMatch(/order-delivered\s+sent \(1 attempt\)/);
  expect(outbox.stdout).not.toMatch(/\?t=[\w-]{5,}/);
});

test('killed with SIGKILL while orders come in and texts go out, the shop texts every acknowledged order once', async () => {
  test.slow();
  const cookie = await signIn('+1 415 555 0152');
  // The stand-in does what Twilio does with an idempotency token it has seen: nothing new.
  const delivered = () => new Map(provider.delivered().map((text) => [text.key, text.body]));
  const acknowledged: string[] = [];
  const place = async (n: number) => {
    try {
      const reply = await postOrder(server.url, `crash-order-key-${String(n).padStart(4, '0')}`, {
        headers: { Cookie: cookie },
      });
      if (reply.status === 201)
        acknowledged.push((JSON.parse(reply.text) as { order: { id: string } }).order.id);
    } catch {
      // The connection died with the server: not acknowledged, so not owed a text.
    }
  };
  const burst = Promise.all(Array.from({ length: 100 }, (_, n) => place(n)));
  await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(30);
  await server.stop('SIGKILL');
  await burst;
  server = await startServer({ ...database.env, ...serverEnv() });
  for (const id of acknowledged) {
    await expect.poll(() => [...delivered().values()].filter((body) => body.includes(id)).length).toBe(1);
  }
  // Each message went out under one key: no order has two placed texts.
  const placedTexts = [...delivered().values()].filter((body) => /is placed/.test(body));
  expect(new Set(placedTexts).size).toBe(placedTexts.length);
});
