import { readdirSync } from 'node:fs';
import workbench from '../../keystatic.config.ts';
import { expect, openWorkbench, test } from './fixtures.ts';

/*
 * Each collection's form, opened on its first entry, and each singleton's (the home page's), by
 * the names the workbench's config gives them. That every entry is valid for the workbench is
 * checked faster without a browser, by Keystatic's own reader (tests/unit/keystatic-schema.test.ts).
 */
const firstEntry = (collection: string) =>
  readdirSync(`src/content/${collection}`)
    .filter((file) => file.endsWith('.md'))
    .sort()[0]!
    .slice(0, -'.md'.length);

test('every collection and the home page open in the workbench, ready to edit', async ({ page }) => {
  // One page load, then the editor's own path through the sidebar and each list: every load of
  // the workbench's unbundled app costs the dev server and the browser about 8 s.
  await openWorkbench(page, '/keystatic');
  const main = page.getByRole('main');
  const expectReadyToEdit = async (path: string) => {
    await expect(page).toHaveURL(path);
    await expect(main.getByRole('button', { name: 'Save' }), path).toBeVisible();
    await expect(main.getByRole('textbox').first(), path).toBeVisible();
    await expect(main.getByText(/validation failed/i), path).toHaveCount(0);
  };
  const sidebar = page.getByRole('navigation');
  for (const [collection, { label }] of Object.entries(workbench.collections)) {
    const entry = firstEntry(collection);
    await sidebar.getByRole('link', { name: label, exact: true }).click();
    await main
      .getByRole('grid', { name: label })
      .getByRole('rowheader', { name: entry, exact: true })
      .click();
    await expectReadyToEdit(`/keystatic/collection/${collection}/item/${entry}`);
  }
  for (const [singleton, { label }] of Object.entries(workbench.singletons)) {
    await sidebar.getByRole('link', { name: label, exact: true }).click();
    await expectReadyToEdit(`/keystatic/singleton/${singleton}`);
  }
});
