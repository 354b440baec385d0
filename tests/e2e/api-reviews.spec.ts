// Reviews over HTTP: who may write one, what a bad one is told, the public reads, and
// `npm run reviews`. API only: no browser page.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, constants } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { answer, expectApiAnswer } from '../support/answers.ts';
import { runCommand as run, sqliteDatabase, type TestDatabase } from '../support/databases.ts';
import { send } from '../support/http.ts';
import { ORDER } from '../support/requests.ts';
import { startServer, type ShopServer } from '../support/server.ts';
import { signInOver } from '../support/session.ts';

// Shopping, shipping, delivering and approving run the merchant's commands: processes of their own.
test.describe.configure({ mode: 'default', timeout: 90_000 });

const SAFFRON = '/api/v1/account/reviews/kashmiri-saffron';
const PUBLIC_SAFFRON = '/api/v1/reviews/kashmiri-saffron';

let database: TestDatabase;
let server: ShopServer;
test.beforeAll(async () => {
  database = sqliteDatabase();
  server = await startServer({ ...database.env, RATE_LIMIT_PER_MINUTE: '100000' });
});
test.afterAll(async () => {
  await server.stop();
  await database.drop();
});

const request = async (method: string, path: string, cookie = '', body?: unknown, headers = {}) =>
  answer(
    await fetch(server.url + path, {
      method,
      headers: { 'Content-Type': 'application/json', Cookie: cookie, ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    }),
  );

/** A shopper named Asha Rao whose order of saffron was delivered, as the merchant's commands move it. */
async function buyer(phone: string): Promise<string> {
  const cookie = await signInOver(server.url, phone);
  expect((await request('PATCH', '/api/v1/account', cookie, { name: 'Asha Rao' })).status).toBe(200);
  const placed = await request('POST', '/api/v1/orders', cookie, ORDER, { 'Idempotency-Key': randomUUID() });
  expect(placed.status, placed.text).toBe(201);
  const { order } = JSON.parse(placed.text) as { order: { id: string } };
  expect((await run(database, 'orders', 'ship', order.id)).code).toBe(0);
  expect((await run(database, 'orders', 'deliver', order.id)).code).toBe(0);
  return cookie;
}

test('only a signed-in buyer with a delivered order writes a review; anyone else is told why', async () => {
  for (const method of ['GET', 'PUT', 'DELETE']) {
    const body = method === 'PUT' ? { rating: 5 } : undefined;
    expectApiAnswer(await request(method, SAFFRON, '', body), 401, /sign in/);
  }
  const browser = await signInOver(server.url, '+1 415 555 0141');
  const mine = await request('GET', SAFFRON, browser);
  expect(JSON.parse(mine.text)).toEqual({ success: true, mayReview: false, review: null });
  expect(mine.headers['cache-control']).toBe('no-store');
  expectApiAnswer(
    await request('PUT', SAFFRON, browser, { rating: 5 }),
    403,
    /^Only buyers of this product can review it/,
  );

  const asha = await buyer('+1 415 555 0142');
  expect(JSON.parse((await request('GET', SAFFRON, asha)).text)).toMatchObject({ mayReview: true });
  expectApiAnswer(
    await request('PUT', '/api/v1/account/reviews/gold', asha, { rating: 5 }),
    404,
    /no product/,
  );
  // The account is the session's, whatever the body says.
  const saved = await request('PUT', SAFFRON, asha, { rating: 4, title: 'Real threads', accountId: 'x' });
  expect(saved.status, saved.text).toBe(200);
  expect(JSON.parse(saved.text)).toMatchObject({
    review: { rating: 4, title: 'Real threads', state: 'pending' },
  });
  expect(JSON.parse((await request('GET', SAFFRON, asha)).text)).toMatchObject({
    review: { rating: 4, state: 'pending' },
  });
  expectApiAnswer(await request('DELETE', SAFFRON, asha), 200, /deleted/);
  expectApiAnswer(await request('DELETE', SAFFRON, asha), 404, /no review/);
});

test('bad input gets a 400 naming the field; other methods 405; other sites 403', async () => {
  const cookie = await buyer('+1 415 555 0143');
  const wrong: [unknown, RegExp][] = [
    [{}, /^Rating: choose from 1 to 5 stars\.$/],
    [{ rating: 6 }, /^Rating/],
    [{ rating: 2.5 }, /^Rating/],
    [{ rating: '5' }, /^Rating/],
    [{ rating: 5, title: 't'.repeat(101) }, /^Title must be at most 100 characters\.$/],
    [{ rating: 5, text: 'x'.repeat(2001) }, /^Review text must be at most 2,000 characters\.$/],
    [{ rating: 5, title: 'a\u0007b' }, /^Title must not contain control characters\.$/],
    [[1, 2], /JSON object with rating, title and text/],
    ['{"rating":', /JSON/],
  ];
  for (const [body, message] of wrong) {
    expectApiAnswer(await request('PUT', SAFFRON, cookie, body), 400, message);
  }
  const lines = await request('PUT', SAFFRON, cookie, { rating: 5, text: 'Two lines.\nStill fine.' });
  expect(lines.status, lines.text).toBe(200);

  expectApiAnswer(await request('PATCH', SAFFRON, cookie, { rating: 5 }), 405, /GET, HEAD, PUT and DELETE/);
  expectApiAnswer(await request('POST', PUBLIC_SAFFRON), 405, /GET/);
  expectApiAnswer(await request('DELETE', '/api/v1/reviews/summary'), 405, /GET/);
  expectApiAnswer(
    await request('PUT', SAFFRON, cookie, { rating: 1 }, { Origin: 'https://evil.example' }),
    403,
    /other sites/,
  );
  expectApiAnswer(await request('GET', `${PUBLIC_SAFFRON}?page=0`), 400, /^Page/);
  expectApiAnswer(await request('GET', '/api/v1/reviews/gold'), 404, /no product/);
});

test('a review shows only once npm run reviews approves it; an edit waits again; hide takes it off', async () => {
  const cookie = await buyer('+1 415 555 0144');
  await request('PUT', SAFFRON, cookie, { rating: 5, title: 'Honey and hay', text: 'Lovely.' });
  const publicRead = async () =>
    JSON.parse((await request('GET', PUBLIC_SAFFRON)).text) as Record<string, unknown>;
  const summary = async () =>
    (
      JSON.parse((await request('GET', '/api/v1/reviews/summary')).text) as {
        ratings: Record<string, unknown>;
      }
    ).ratings;
  expect(await publicRead()).toMatchObject({ summary: { count: 0 }, reviews: [] });

  const listed = await run(database, 'reviews');
  const id =
    /^(R-[0-9a-f]{10}) .*kashmiri-saffron +★★★★★ +Asha Rao\n +Honey and hay$/m.exec(listed.stdout)?.[1] ?? '';
  expect(listed.stdout).toContain('Honey and hay');
  expect((await run(database, 'reviews', 'approve', id)).stdout).toContain(`${id} approved`);

  const shown = await request('GET', PUBLIC_SAFFRON);
  expect(shown.headers['cache-control']).toBe('public, max-age=60');
  expect(JSON.parse(shown.text)).toMatchObject({
    summary: { average: 5, count: 1, stars: [0, 0, 0, 0, 1] },
    reviews: [{ id, rating: 5, title: 'Honey and hay', author: 'Asha R.', verified: true }],
    page: 1,
    pageCount: 1,
  });
  expect(await summary()).toMatchObject({ 'kashmiri-saffron': { average: 5, count: 1 } });

  await request('PUT', SAFFRON, cookie, { rating: 3, title: 'Changed my mind' });
  expect(await publicRead()).toMatchObject({ summary: { count: 0 }, reviews: [] });
  // The id the merchant read names the words they read: the edit waits under a new one.
  const unread = await run(database, 'reviews', 'approve', id);
  expect(unread).toMatchObject({
    code: 2,
    stderr: expect.stringContaining('waits under a new id'),
  });
  expect(await publicRead()).toMatchObject({ summary: { count: 0 }, reviews: [] });
  const edited = /^(R-[0-9a-f]{10}) .*kashmiri-saffron +★★★☆☆ +Asha Rao\n +Changed my mind$/m.exec(
    (await run(database, 'reviews')).stdout,
  )?.[1];
  expect(edited).toMatch(/^R-/);
  expect(edited).not.toBe(id);
  await run(database, 'reviews', 'approve', edited ?? '');
  expect(await summary()).toMatchObject({ 'kashmiri-saffron': { average: 3, count: 1 } });
  expect((await run(database, 'reviews', 'hide', edited ?? '')).stdout).toContain(`${edited} hidden`);
  expect(await summary()).not.toHaveProperty('kashmiri-saffron');
});

test('npm run reviews answers bad commands and ids with exit code 2, and seeds only a development database', async () => {
  const wrong: [string[], RegExp][] = [
    [['approve'], /Name a review/],
    [['approve', 'nope'], /not a review id/],
    [['hide', 'R-0000000000'], /No review R-0000000000/],
    [['approve', 'R-0000000000', 'extra'], /Too many arguments/],
    [['frob'], /Unknown command "frob"/],
  ];
  for (const [args, message] of wrong) {
    const reply = await run(database, 'reviews', ...args);
    expect([reply.code, reply.stderr], args.join(' ')).toEqual([2, expect.stringMatching(message)]);
  }
  const production = await run({ env: { ...database.env, NODE_ENV: 'production' } }, 'reviews', 'seed');
  expect(production).toEqual({
    code: 2,
    stdout: expect.any(String),
    stderr: expect.stringMatching(/NODE_ENV is production/),
  });
  const fresh = sqliteDatabase();
  try {
    const development = { env: { ...fresh.env, NODE_ENV: '' } };
    for (const time of ['first', 'again']) {
      const seeded = await run(development, 'reviews', 'seed');
      expect([time, seeded.code, seeded.stdout]).toEqual([
        time,
        0,
        '3 sample buyers with delivered orders, 5 approved reviews.\n',
      ]);
    }
  } finally {
    await fresh.drop();
  }
  // A database with a shopper's order is a shop's, whatever its folder.
  await buyer('+1 415 555 0148');
  expect(await run({ env: { ...database.env, NODE_ENV: '' } }, 'reviews', 'seed')).toEqual({
    code: 2,
    stdout: '',
    stderr: expect.stringMatching(/^This database holds shoppers' orders/),
  });
});

/** Words of the shop's own product descriptions, to write reviews with. */
const WORDS = readdirSync('src/content/products')
  .filter((file) => file.endsWith('.md'))
  .flatMap(
    (file) =>
      readFileSync(join('src/content/products', file), 'utf8')
        .split('---')[2]
        ?.match(/[a-z]+/gi) ?? [],
  );

/** Prose of `length` characters, its words drawn from WORDS: brotli finds in it about what it finds in a shopper's. */
function prose(length: number, seed: number): string {
  let text = '';
  for (let state = seed; text.length < length;) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += `${WORDS[state % WORDS.length]}${state % 9 === 0 ? '. ' : ' '}`;
  }
  return text.slice(0, length);
}

test('a product page quotes its newest reviews in its data, after all the shopper sees, whatever their length', async () => {
  const titles: string[] = [];
  for (const [index, phone] of ['+1 415 555 0145', '+1 415 555 0146', '+1 415 555 0147'].entries()) {
    const cookie = await buyer(phone);
    const title = `${index + 1} ${prose(98, index + 7)}`;
    titles.unshift(title);
    const saved = await request('PUT', SAFFRON, cookie, { rating: 4, title, text: prose(2_000, index + 1) });
    expect(saved.status, saved.text).toBe(200);
    const { stdout } = await run(database, 'reviews');
    // The id on the line above the title.
    const id = stdout
      .slice(0, stdout.indexOf(`\n  ${title}\n`))
      .match(/^R-[0-9a-f]{10}/gm)
      ?.at(-1);
    expect((await run(database, 'reviews', 'approve', id ?? '')).stdout).toContain(`${id} approved`);
  }

  // As sent, at brotli's best, three of the longest reviews take the page past one round trip...
  const { headers, bytes: sent } = await send(`${server.url}/products/kashmiri-saffron`, {
    method: 'GET',
    headers: { 'Accept-Encoding': 'br' },
  });
  expect(headers['content-encoding']).toBe('br');
  const html = brotliDecompressSync(sent).toString();
  const product = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
    .map(([, json]) => JSON.parse(json ?? '') as Record<string, unknown>)
    .find((data) => data['@type'] === 'Product');
  expect(product).toMatchObject({ aggregateRating: { ratingValue: 4, reviewCount: 3 } });
  expect((product?.['review'] as { name: string }[]).map((review) => review.name)).toEqual(titles);
  expect(sent.length).toBeGreaterThan(14 * 1024);
  // ...and the first round trip still brings the whole page the shopper sees.
  const firstFlight = brotliDecompressSync(sent.subarray(0, 14 * 1024), {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
  }).toString();
  console.log(
    `[api-reviews] three reviews of 2,000 characters: the page is ${sent.length} bytes; its first 14 KB decode to ${firstFlight.length} of ${html.length} characters`,
  );
  expect(firstFlight.includes('</footer>'), 'the first 14 KB hold the whole page to its footer').toBe(true);
  expect(html.indexOf('application/ld+json')).toBeGreaterThan(html.indexOf('</footer>'));
});
