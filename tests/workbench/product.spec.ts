import { existsSync } from 'node:fs';
import { expect, openWorkbench, readText, test } from './fixtures.ts';

const ID = 'workbench-long-pepper';
const PRODUCT_FILE = `src/content/products/${ID}.md`;
const IMAGES_FOLDER = `src/content/products/images/${ID}`;
/** A photograph to upload, as an editor would from their disk. */
const PHOTO = 'src/content/products/images/tellicherry-black-pepper/tellicherry-black-pepper-2.jpg';

test('an editor creates a product with pictures in the workbench and the shop lists it', async ({
  page,
  keep,
}) => {
  test.skip(existsSync(PRODUCT_FILE), `${PRODUCT_FILE} already exists`);
  keep(PRODUCT_FILE, IMAGES_FOLDER);

  await openWorkbench(page, '/keystatic/collection/products/create');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Workbench Long Pepper');
  await expect(page.getByRole('textbox', { name: 'Id', exact: true })).toHaveValue(ID);

  /** Adds one item to a list field through its "Add item" dialog. */
  async function addItem(list: string, fill: (dialog: ReturnType<typeof page.getByRole>) => Promise<void>) {
    await page.getByRole('group', { name: list }).getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add item' });
    await fill(dialog);
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
  }

  await addItem('Other names', (dialog) =>
    dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('pippali'),
  );
  await page.getByRole('button', { name: 'Spices Category' }).click();
  await page.getByRole('option', { name: 'Seeds' }).click();
  await page.getByRole('textbox', { name: 'Origin' }).fill('Wayanad, Kerala, India');
  await addItem('Pack sizes', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Label', exact: true }).fill('50 g');
    await dialog.getByRole('textbox', { name: 'Grams' }).fill('50');
    await dialog.getByRole('textbox', { name: 'Price in dollars' }).fill('9.5');
  });
  for (const alt of ['A tin of long pepper', 'Long pepper catkins on linen']) {
    await addItem('Pictures', async (dialog) => {
      const chooser = page.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: 'Choose file' }).click();
      await (await chooser).setFiles(PHOTO);
      await dialog.getByRole('textbox', { name: 'Alt text' }).fill(alt);
    });
  }
  await addItem('Ingredients', (dialog) =>
    dialog.getByRole('textbox', { name: 'Ingredient', exact: true }).fill('Whole long pepper (Piper longum)'),
  );
  // The season is left at its default, Autumn.
  await addItem('Lots', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Year' }).fill('2025');
    await dialog.getByRole('textbox', { name: 'Region' }).fill('Wayanad, Kerala');
    await dialog.getByLabel('Packed on').fill('2026-02-10');
  });
  for (const [name, value] of [
    ['Calories (kcal)', '320'],
    ['Protein (g)', '11'],
    ['Carbs (g)', '64'],
    ['Fat (g)', '3.5'],
  ] as const) {
    await page.getByRole('textbox', { name }).fill(value);
  }
  await page.getByRole('textbox', { name: 'Description' }).click();
  await page.keyboard.type('Hotter and sweeter than black pepper, with a note of cinnamon.');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/keystatic/update'));
  await page.getByRole('button', { name: 'Create' }).click();
  expect((await saved).ok()).toBe(true);

  const markdown = readText(PRODUCT_FILE);
  expect(markdown).toContain('title: Workbench Long Pepper\n');
  expect(markdown).toContain('variety: Seeds\n');
  expect(markdown).toContain('Hotter and sweeter than black pepper');
  expect(markdown).toMatch(
    /season: Autumn\n\s+year: 2025\n\s+region: Wayanad, Kerala\n\s+packedOn: 2026-02-10\n/,
  );
  for (const n of [1, 2]) {
    expect(markdown).toContain(`src: ./images/${ID}/${ID}-${n}.jpg`);
    expect(existsSync(`${IMAGES_FOLDER}/${ID}-${n}.jpg`)).toBe(true);
  }

  // The dev server builds the new file with the shop's own schema: the page exists only if it is valid.
  await expect
    .poll(async () => (await page.request.get(`/products/${ID}`)).status(), { timeout: 60_000 })
    .toBe(200);
  // In a tab of its own: the dev server may reload the workbench's tab after the files change.
  const shop = await page.context().newPage();
  await shop.goto(`/products/${ID}`, { waitUntil: 'domcontentloaded' });
  await expect(shop.getByRole('heading', { level: 1, name: 'Workbench Long Pepper' })).toBeVisible();
  await expect(shop.getByRole('region', { name: 'This lot' }).getByRole('definition')).toHaveText([
    'Autumn 2025',
    'Wayanad, Kerala',
    '10 Feb 2026',
  ]);
  const packshot = shop.getByRole('img', { name: 'A tin of long pepper' }).first();
  await expect(packshot).toBeVisible();
  await expect
    .poll(() => packshot.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  // The dev server reloads its content as the workbench writes the product's files, and may drop a
  // connection meanwhile: ask until the product API lists it.
  const listedIds = async () => {
    const answer = await page.request.get('/api/v1/product').catch(() => undefined);
    const catalogue = (await answer?.json().catch(() => undefined)) as
      { products?: { _id: string }[] } | undefined;
    return catalogue?.products?.map((product) => product._id) ?? [];
  };
  await expect.poll(listedIds).toContain(ID);
});
