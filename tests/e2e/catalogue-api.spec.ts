import { test, expect } from './fixtures.ts';
import { apiProducts } from './catalogue.helpers.ts';
import { send } from '../support/http.ts';

/** The public origin the build was made for (SITE_URL): the API's absolute URLs are on it. */
const SITE = new URL(process.env['SITE_URL'] ?? 'http://localhost:4321').origin;

const CATEGORIES = ['Spices', 'Herbs', 'Seeds', 'Blends', 'Powders'];

test('the product API answers success and a list with every promised field', async ({ request }) => {
  const response = await request.get('/api/v1/product');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  const body = (await response.json()) as {
    success: boolean;
    products: { variety: string; netQuantities: unknown[]; images: unknown[] }[];
  };
  expect(body.success).toBe(true);
  expect(body.products.length).toBeGreaterThan(0);
  for (const product of body.products) {
    expect(product).toEqual(
      expect.objectContaining({
        _id: expect.stringMatching(/^[a-z0-9-]+$/),
        title: expect.any(String),
        variety: expect.any(String),
        description: expect.any(String),
        images: expect.any(Array),
        ingredients: expect.any(Array),
        tags: expect.any(Array),
        inStock: expect.any(Boolean),
        nutrition: {
          calories: expect.any(Number),
          protein: expect.any(Number),
          carbs: expect.any(Number),
          fat: expect.any(Number),
        },
      }),
    );
    expect(CATEGORIES).toContain(product.variety);
    expect(product.netQuantities.length).toBeGreaterThan(0);
    for (const pack of product.netQuantities) {
      expect(pack).toEqual(expect.objectContaining({ label: expect.any(String), price: expect.any(Number) }));
    }
    expect(product.images.length).toBeGreaterThanOrEqual(2);
  }
});

test('the product API sends caching headers and answers 304 to its own ETag', async ({ request }) => {
  const response = await request.get('/api/v1/product');
  const headers = response.headers();
  expect(headers['cache-control']).toMatch(/max-age=\d+/);
  expect(headers['etag']).toMatch(/^"[^"]+"$/);
  expect(headers['access-control-allow-origin']).toBe('*');

  const again = await request.get('/api/v1/product', { headers: { 'If-None-Match': headers['etag'] ?? '' } });
  expect(again.status()).toBe(304);
  const changed = await request.get('/api/v1/product', { headers: { 'If-None-Match': '"stale"' } });
  expect(changed.status()).toBe(200);
});

test("every image and video the API names is on the shop's site and loads", async ({ request }) => {
  for (const product of await apiProducts(request)) {
    for (const url of [...product.images, ...(product.video ? [product.video] : [])]) {
      expect(new URL(url).origin).toBe(SITE);
      const file = await request.get(new URL(url).pathname);
      expect(file.status(), url).toBe(200);
      expect(file.headers()['content-type'], url).toMatch(/^(image|video)\//);
    }
  }
});

test('every product in the API has its page, answering 200 with its name', async ({ request }) => {
  for (const product of await apiProducts(request)) {
    const response = await request.get(`/products/${product._id}`);
    expect(response.status(), product._id).toBe(200);
    const escaped = product.title.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/</g, '&lt;');
    expect(await response.text()).toContain(`>${escaped}</h1>`);
  }
});

test('an unknown product id answers 404 with Product Not Found and a way back', async ({ page }) => {
  for (const path of [
    '/products/no-such-spice',
    '/products/kashmiri-saffron/extra',
    '/products/%3Cscript%3E',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Products' }).click();
    await expect(page).toHaveURL('/products');
  }
});

test("a forged Host header never reaches the API's URLs", async ({ baseURL }) => {
  const reply = await send(`${baseURL}/api/v1/product`, {
    method: 'GET',
    headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
  });
  expect(reply.status).toBe(200);
  expect(reply.text).not.toContain('evil.example');
  const { products } = JSON.parse(reply.text) as { products: { images: string[] }[] };
  for (const url of products.flatMap((product) => product.images)) expect(new URL(url).origin).toBe(SITE);
});

test("today's read of some products answers them as the product list has them, and only reads", async ({
  request,
}) => {
  const [first, second] = await apiProducts(request);
  const ids = `${second!._id},no-such-spice,${first!._id}`;
  const response = await request.get(`/api/v1/product/today?ids=${ids}`, {
    headers: { Origin: 'https://elsewhere.example' },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['access-control-allow-origin']).toBe('*');
  expect(response.headers()['cache-control']).toBe('public, max-age=60');
  const body = (await response.json()) as { success: boolean; products: Record<string, unknown>[] };
  expect(body.success).toBe(true);
  expect(body.products).toEqual(
    [second!, first!].map(({ _id, title, netQuantities, inStock }) => ({
      _id,
      title,
      netQuantities,
      inStock,
    })),
  );

  const missing = await request.get('/api/v1/product/today');
  expect(missing.status()).toBe(400);
  expect((await missing.json()) as unknown).toEqual({
    success: false,
    message: 'Name the products with ?ids=, separated by commas (e.g. ?ids=amchur,berbere).',
  });
  for (const method of ['POST', 'PUT', 'DELETE']) {
    const refused = await request.fetch(`/api/v1/product/today?ids=${ids}`, { method });
    expect(refused.status(), method).toBe(405);
    expect(refused.headers()['allow']).toBe('GET, HEAD');
  }
});
