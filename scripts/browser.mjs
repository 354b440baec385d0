// Which Chromium the browser tests and the benchmark drive: Playwright's own when it is
// installed, else Debian's. Nothing here downloads a browser.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
// Debian's build of Chromium's headless shell: the same engine and version without the desktop
// browser around it (the one Playwright's own headless runs use). The browser tests ran in about
// half the time in it on a two-core machine (608 tests: 25.7 → 13.6 min).
export const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Flags for a headless Chromium on a closed network, possibly as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The headless shell otherwise rounds every glyph's advance to a whole pixel, which the full
  // browser does not: with this, text is laid out as in shoppers' Chromium (widths measured equal).
  '--font-render-hinting=none',
];

/**
 * The path of Playwright's bundled Chromium if installed, else the system one, else undefined.
 * With `headlessShell`, for headless tests, Debian's headless shell comes before its full browser
 * (Playwright picks its own shell by itself). The benchmark measures in the full browser, as
 * shoppers' browsers are.
 */
export function findChromium({ headlessShell = false } = {}) {
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return { path: bundled, bundled: true };
  } catch {
    // Playwright knows no bundled browser for this platform: fall through to the system one.
  }
  if (headlessShell && existsSync(SYSTEM_HEADLESS_SHELL)) {
    return { path: SYSTEM_HEADLESS_SHELL, bundled: false };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, bundled: false };
  return undefined;
}
