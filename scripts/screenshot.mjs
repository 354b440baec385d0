// Screenshots of pages for a look by eye: `node scripts/screenshot.mjs <base-url> <out-dir> /path ...`
// Each path is taken at phone (390px) and desktop (1280px) width, full page.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './browser.mjs';

const [base, outDir, ...paths] = process.argv.slice(2);
if (!base || !outDir || paths.length === 0) {
  console.error('usage: node scripts/screenshot.mjs <base-url> <out-dir> /path [/path ...]');
  process.exit(2);
}
const found = findChromium({ headlessShell: true });
const browser = await chromium.launch({
  args: CHROMIUM_ARGS,
  ...(found && !found.bundled ? { executablePath: found.path } : {}),
});
mkdirSync(outDir, { recursive: true });
try {
  for (const width of [390, 1280]) {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
    for (const path of paths) {
      await page.goto(new URL(path, base).href, { waitUntil: 'networkidle' });
      const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: true });
      console.log(join(outDir, name));
    }
    await page.close();
  }
} finally {
  await browser.close();
}
