import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/browser.mjs';

const chromium = findChromium({ headlessShell: true });

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // A fresh page's first island (React, the island and its data) on a two-core machine that runs
  // two browsers and two servers: 5 s was missed about once per full run, each time by a
  // different test, and every retry passed. Only a failing assertion waits this long.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Each worker starts its own server on its own database (tests/e2e/fixtures.ts).
  use: {
    // A trace of the retry only (CI retries once; `--trace on` records one anywhere): recording
    // every test's screenshots and snapshots took a third of the suite's time on a two-core
    // machine (41 min against 28 for the same tests, 29 November 2026).
    trace: 'on-first-retry',
    launchOptions: {
      // One renderer process for a test's pages: Chromium otherwise starts a new one for many
      // navigations, which costs about a sixth of the suite's time on a two-core machine.
      args: [...CHROMIUM_ARGS, '--renderer-process-limit=1'],
      ...(chromium && !chromium.bundled ? { executablePath: chromium.path } : {}),
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
