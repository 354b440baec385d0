import { readdirSync } from 'node:fs';
import { expect, openWorkbench, test } from './fixtures';

/** Every entry of the collections the workbench edits, as its workbench address. */
const ENTRIES = ['products', 'pages', 'faq', 'careers', 'timeline', 'goals'].flatMap((collection) =>
  readdirSync(`src/content/${collection}`)
    .filter((file) => file.endsWith('.md'))
    .map((file) => `/keystatic/collection/${collection}/item/${file.slice(0, -'.md'.length)}`),
);

test('every entry and the home page open in the workbench, ready to edit', async ({ page }) => {
  test.slow();
  for (const path of [...ENTRIES, '/keystatic/singleton/home']) {
    await openWorkbench(page, path);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Save' }), path).toBeVisible();
    await expect(main.getByRole('textbox').first(), path).toBeVisible();
    await expect(main.getByText(/validation failed/i), path).toHaveCount(0);
  }
});
