import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { expect, test } from './fixtures.ts';

/** Files of the build that hold text a route or a script could name the workbench in. */
const TEXT_FILES = new Set(['.html', '.js', '.mjs', '.cjs', '.css', '.json', '.xml', '.txt', '.map']);

/** Every file under `folder`, as paths relative to the repository. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

test('the production build holds no workbench route, page or script', () => {
  const files = filesUnder('dist');
  expect(files.length).toBeGreaterThan(0);
  expect(files.filter((file) => /keystatic/i.test(file))).toEqual([]);
  const naming = files.filter(
    (file) => TEXT_FILES.has(extname(file)) && /keystatic/i.test(readFileSync(file, 'utf8')),
  );
  expect(naming).toEqual([]);
});

test('the production server answers the workbench addresses with Not Found', async ({ request }) => {
  for (const path of ['/keystatic', '/keystatic/collection/products', '/api/keystatic/tree']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
