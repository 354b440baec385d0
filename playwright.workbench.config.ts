import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/browser.mjs';

/*
 * The content editors' workbench runs in `astro dev` only, so its browser tests drive the dev
 * server, one at a time: they save real files in src/content (and put them back afterwards).
 */
const port = Number(process.env.E2E_PORT ?? 4398);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = findChromium({ headlessShell: true });

export default defineConfig({
  testDir: 'tests/workbench',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  workers: 1,
  // As in the shop's tests: one retry in CI. The first test after the dev server starts once
  // waited 30 s for its saved FAQ answer to show (27 November 2026); it passed alone at once.
  retries: process.env.CI ? 1 : 0,
  // Keystatic's admin app is large and compiled on first visit by the dev server.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    navigationTimeout: 120_000,
    launchOptions: {
      args: CHROMIUM_ARGS,
      ...(chromium && !chromium.bundled ? { executablePath: chromium.path } : {}),
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `astro dev --port ${port} --host 127.0.0.1`,
    url: `${baseURL}/`,
    reuseExistingServer: !!process.env.WORKBENCH_REUSE_SERVER,
    timeout: 120_000,
    env: { DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/workbench' },
  },
});
