import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/browser.mjs';

const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;
const chromium = findChromium();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // One renderer process for a test's pages: Chromium otherwise starts a new one for many
      // navigations, which costs about a sixth of the suite's time on a two-core machine.
      args: [...CHROMIUM_ARGS, '--renderer-process-limit=1'],
      ...(chromium && !chromium.bundled ? { executablePath: chromium.path } : {}),
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node src/server/http/serve.ts',
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'data/e2e',
      // Every test posts from 127.0.0.1: the shopper's limit would make them flaky. The limit
      // itself is tested on servers of its own (tests/e2e/api-*.spec.ts).
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  },
});
