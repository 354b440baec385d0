import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { SITE } from '#src/lib/site.ts';

const INFO_PAGES = [
  { path: '/about', heading: 'About Saffron & Stone' },
  { path: '/our-story', heading: 'Our story' },
  { path: '/sustainability', heading: 'Sustainability' },
  { path: '/careers', heading: 'Careers' },
  { path: '/faq', heading: 'Frequently asked questions' },
  { path: '/shipping', heading: 'Shipping & delivery' },
  { path: '/returns', heading: 'Returns & refunds' },
  { path: '/privacy', heading: 'Privacy policy' },
  { path: '/terms', heading: 'Terms of service' },
  { path: '/cookies', heading: 'Cookie policy' },
];

/** Opens a page and checks that it answered 200. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
}

for (const { path, heading } of INFO_PAGES) {
  test(`${path} answers with its heading, title and description`, async ({ page }) => {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(`${heading} | ${SITE.name}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w{3,}.{40,}/);
  });

  test(`${path} is static: no islands and no script of its own`, async ({ page }) => {
    await open(page, path);
    await expect(page.locator('astro-island')).toHaveCount(0);
    await expect(page.getByRole('main').locator('script')).toHaveCount(0);
  });
}

test('our story shows the milestones of 2018, 2019, 2021, 2023 and 2025 in order', async ({ page }) => {
  await open(page, '/our-story');
  const milestones = page.getByRole('list', { name: 'Milestones' }).getByRole('listitem');
  await expect(milestones.locator('time')).toHaveText(['2018', '2019', '2021', '2023', '2025']);
  await expect(milestones.getByRole('heading', { level: 3 })).toHaveCount(5);
});

test('sustainability sets out the three 2030 goals with their progress', async ({ page }) => {
  await open(page, '/sustainability');
  const goals = page.getByRole('region', { name: 'Our 2030 goals' });
  await expect(goals.getByRole('heading', { level: 3 })).toHaveText([
    /^100% carbon neutral$/i,
    /^zero landfill waste$/i,
    /^100% sustainable packaging$/i,
  ]);
  await expect(goals.getByRole('listitem')).toHaveCount(3);
  for (const goal of await goals.getByRole('listitem').all()) {
    await expect(goal).toContainText(/\d+%/);
  }
});

test('careers lists the four full-time positions, each with an application email', async ({ page }) => {
  await open(page, '/careers');
  const positions = [
    'Senior Food Scientist',
    'Supply Chain Manager',
    'Marketing Coordinator',
    'Quality Assurance Specialist',
  ];
  await expect(page.getByRole('link', { name: 'Apply Now' })).toHaveCount(positions.length);

  for (const title of positions) {
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3, name: title }) });
    await expect(card).toContainText('Full-time');

    const href = await card.getByRole('link', { name: 'Apply Now' }).getAttribute('href');
    expect(href, 'the subject is URL-encoded').not.toMatch(/\s/);
    const mail = new URL(href ?? '');
    expect(mail.protocol).toBe('mailto:');
    expect(mail.pathname).toBe(SITE.careersEmail);
    expect(mail.searchParams.get('subject')).toContain(title);
  }
});

const FAQ_QUESTIONS = [
  'Where do your spices come from?',
  'How fresh are your spices, and how should I store them?',
  'How long will my order take to arrive?',
  'Do you ship internationally?',
  'What is your returns policy?',
  'Do your products contain additives or allergens?',
  'Do you offer bulk or wholesale prices?',
  'How do I track my order?',
] as const;

test('the FAQ asks eight questions, all closed at first', async ({ page }) => {
  await open(page, '/faq');
  const questions = page.locator('details[name="faq"]');
  await expect(questions.locator('summary')).toHaveText(FAQ_QUESTIONS);
  for (const question of await questions.all()) {
    await expect(question).not.toHaveAttribute('open');
  }
});

test('opening one FAQ answer closes the one that was open', async ({ page }) => {
  await open(page, '/faq');
  const first = page.locator('details').filter({ hasText: FAQ_QUESTIONS[0] });
  const second = page.locator('details').filter({ hasText: FAQ_QUESTIONS[1] });
  const firstAnswer = first.getByText('Each spice comes from the region');
  const secondAnswer = second.getByText('Whole spices are packed within weeks of harvest');

  await page.getByText(FAQ_QUESTIONS[0]).click();
  await expect(firstAnswer).toBeVisible();
  await expect(secondAnswer).toBeHidden();

  await page.getByText(FAQ_QUESTIONS[1]).click();
  await expect(secondAnswer).toBeVisible();
  await expect(firstAnswer).toBeHidden();
  await expect(page.locator('details[open]')).toHaveCount(1);

  await page.getByText(FAQ_QUESTIONS[1]).click();
  await expect(page.locator('details[open]')).toHaveCount(0);
});

test('shipping gives the delivery times, free everywhere, and quotes no shipping price', async ({ page }) => {
  await open(page, '/shipping');
  const rates = [
    ['United States', '3-5 business days', 'Free'],
    ['Other countries', '7-14 business days', 'Free'],
  ];
  for (const [destination = '', ...terms] of rates) {
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: destination, exact: true }) });
    await expect(row).toHaveCount(1);
    for (const term of terms) await expect(row).toContainText(term);
  }
  await expect(page.getByRole('main')).toContainText('Shipping is free on every order');
  await expect(page.getByRole('main')).not.toContainText(/\$\d/);
});

for (const path of ['/about', '/sustainability', '/our-story']) {
  test(`${path} packs every product in a tin, never a pouch or a jar`, async ({ page }) => {
    await open(page, path);
    const main = page.getByRole('main');
    await expect(main).toContainText(/\btin\b/);
    await expect(main).not.toContainText(/pouch|jar/i);
  });
}

test('shipping states processing, reach, bulk discounts, offers and reply times', async ({ page }) => {
  await open(page, '/shipping');
  const main = page.getByRole('main');
  await expect(main).toContainText('Orders are processed in 1-2 business days');
  await expect(main).toContainText('over 50 countries');
  await expect(main).toContainText('bulk discounts for 50+ units');
  await expect(main).toContainText('up to 20% off');
  await expect(main).toContainText('within 24 hours');
});

test('returns states the 30-day window, the refund time and the reply time', async ({ page }) => {
  await open(page, '/returns');
  const main = page.getByRole('main');
  await expect(main).toContainText('within 30 days');
  await expect(main).toContainText('refund in 5-7 business days');
  await expect(main).toContainText('within 24 hours');
});

for (const path of ['/cookies', '/privacy', '/terms']) {
  test(`${path} says when it was last updated: October 2025`, async ({ page }) => {
    await open(page, path);
    await expect(page.getByText('Last updated October 2025')).toBeVisible();
    await expect(page.locator('time[datetime="2025-10-01"]')).toBeVisible();
  });
}
