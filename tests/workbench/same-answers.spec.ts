import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../support/server.ts';
import { expect, test } from './fixtures.ts';

/** Where a picture is differs by design: the dev server draws on request, the build drew files. */
const PICTURE_FIELDS = new Set(['images', 'video', 'image', 'thumb']);

/** An answer's products with their picture addresses left out, by id. */
async function productsOf(response: Response, idField: '_id' | 'id') {
  expect(response.status).toBe(200);
  const { products } = (await response.json()) as { products: Record<string, unknown>[] };
  return new Map(
    products.map((product) => [
      String(product[idField]),
      Object.fromEntries(Object.entries(product).filter(([field]) => !PICTURE_FIELDS.has(field))),
    ]),
  );
}

test('`astro dev` and the built server give the product API and the catalogue index alike', async ({
  baseURL,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-same-answers-'));
  const built = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    for (const [path, idField] of [
      ['/api/v1/product', '_id'],
      ['/products/index.json', 'id'],
    ] as const) {
      const fromBuild = await productsOf(await fetch(built.url + path), idField);
      const fromDev = await productsOf(await fetch(new URL(path, baseURL)), idField);
      expect(fromBuild.size, path).toBeGreaterThan(0);
      // The dev server may list a product a workbench test is writing; every built one is alike.
      for (const [id, product] of fromBuild) expect(fromDev.get(id), `${path} ${id}`).toEqual(product);
    }
  } finally {
    await built.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
