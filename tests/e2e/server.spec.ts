// Pages the server renders on demand (product pages and My Orders among them), checked by the same Nu HTML
// Checker that `npm run test:html` runs on the prerendered ones. API only: Playwright's plain
// `test`, no browser page.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { htmlErrors } from '../../scripts/check-html.mjs';
import { sqliteDatabase, type TestDatabase } from '../support/databases.ts';
import { send } from '../support/http.ts';
import { startServer, type ShopServer } from '../support/server.ts';
import { signInOver } from '../support/session.ts';

let server: ShopServer;
let database: TestDatabase;
test.beforeAll(async () => {
  database = sqliteDatabase();
  server = await startServer(database.env);
});
test.afterAll(async () => {
  await server.stop();
  await database.drop();
});

test('pages rendered on demand are valid HTML, as the prerendered ones are', async () => {
  const pages = mkdtempSync(join(tmpdir(), 'shop-html-'));
  try {
    const { products } = JSON.parse((await send(`${server.url}/api/v1/product`, { method: 'GET' })).text) as {
      products: { _id: string }[];
    };
    expect(products.length).toBeGreaterThan(0);
    // My Orders is drawn with the session's orders: one is placed for it to draw.
    const session = await signInOver(server.url, '+1 415 555 0190');
    const pepper = { productId: 'tellicherry-black-pepper', pack: '100 g', quantity: 1 };
    const order = (total: number) =>
      send(`${server.url}/api/v1/orders`, {
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': randomUUID(),
          Cookie: session,
        },
        body: [
          JSON.stringify({ items: [pepper], address: { name: 'A', street: '1 Way', city: 'X' }, total }),
        ],
      });
    const { order: priced } = JSON.parse((await order(0)).text) as { order: { total: number } };
    expect((await order(priced.total)).status).toBe(201);
    const drawnOrders = await send(`${server.url}/my-orders`, {
      method: 'GET',
      headers: { Cookie: session },
    });
    expect(drawnOrders.text).toContain('Tellicherry Black Pepper (100 g)');
    writeFileSync(join(pages, 'my-orders-signed-in.html'), drawnOrders.text);
    for (const [name, path] of [
      ['my-orders-signed-out', '/my-orders'],
      ['not-found', '/no-such-page'],
      ['product-not-found', '/products/no-such-spice'],
      ['tracking', '/track-order/SS-1'],
      ['catalogue', '/products'],
      ['search-results', '/products?q=cumin&sort=price-asc'],
      // Every product page, rendered on request.
      ...products.map(({ _id }) => [`product-${_id}`, `/products/${_id}`]),
    ]) {
      const page = await send(server.url + path, { method: 'GET' });
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      writeFileSync(join(pages, `${name}.html`), page.text);
    }
    expect(htmlErrors([pages])).toEqual([]);
  } finally {
    rmSync(pages, { recursive: true, force: true });
  }
});
