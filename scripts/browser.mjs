// Which Chromium the browser tests and the benchmark drive: Playwright's own when it is
// installed, else Debian's. Nothing here downloads a browser.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags for a headless Chromium on a closed network, possibly as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The path of Playwright's bundled Chromium if installed, else the system one, else undefined. */
export function findChromium() {
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return { path: bundled, bundled: true };
  } catch {
    // Playwright knows no bundled browser for this platform: fall through to the system one.
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, bundled: false };
  return undefined;
}
