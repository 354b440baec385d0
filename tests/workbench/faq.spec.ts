import { expect, openWorkbench, readText, test } from './fixtures.ts';

const ANSWER_FILE = 'src/content/faq/returns.md';

test('an editor changes a FAQ answer in the workbench and the FAQ page shows it', async ({ page, keep }) => {
  keep(ANSWER_FILE);
  const answer = `Send it back within 30 days of delivery, workbench check ${Date.now()}.`;

  // The FAQ page as it was: this also has the dev server compile its route before the edit, so
  // the wait below is for the saved file alone (a cold compile once took it past 30 s).
  const before = await page.request.get('/faq');
  expect(before.ok()).toBe(true);
  expect(await before.text()).not.toContain(answer);

  await openWorkbench(page, '/keystatic/collection/faq/item/returns');
  await expect(page.getByRole('textbox', { name: 'Question' })).toHaveValue('What is your returns policy?');
  const editor = page.getByRole('textbox', { name: 'Answer' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(answer);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/keystatic/update'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).ok()).toBe(true);

  expect(readText(ANSWER_FILE)).toContain(answer);
  expect(readText(ANSWER_FILE)).toMatch(/^---\nquestion: What is your returns policy\?\norder: 5\n---\n/);

  // The dev server reads the saved file again a moment after it changes.
  await expect.poll(async () => (await page.request.get('/faq')).text()).toContain(answer);
  // In a tab of its own: the dev server may reload the workbench's tab after the file changes.
  const shop = await page.context().newPage();
  await shop.goto('/faq', { waitUntil: 'domcontentloaded' });
  await shop.getByText('What is your returns policy?').click();
  await expect(shop.getByText(answer)).toBeVisible();
});
