import { readdirSync } from 'node:fs';
import { expect, openWorkbench, test } from './fixtures.ts';

/*
 * Each collection's form, opened on its first entry, and the home page's. That every entry is
 * valid for the workbench is checked faster without a browser, by Keystatic's own reader
 * (tests/unit/keystatic-schema.test.ts).
 */
const FORMS = ['products', 'pages', 'faq', 'careers', 'timeline', 'goals'].map((collection) => {
  const first = readdirSync(`src/content/${collection}`)
    .filter((file) => file.endsWith('.md'))
    .sort()[0]!;
  return `/keystatic/collection/${collection}/item/${first.slice(0, -'.md'.length)}`;
});

test('every collection and the home page open in the workbench, ready to edit', async ({ page }) => {
  for (const path of [...FORMS, '/keystatic/singleton/home']) {
    await openWorkbench(page, path);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Save' }), path).toBeVisible();
    await expect(main.getByRole('textbox').first(), path).toBeVisible();
    await expect(main.getByText(/validation failed/i), path).toHaveCount(0);
  }
});
