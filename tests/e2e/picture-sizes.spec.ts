import { test, expect } from './fixtures.ts';
import { realPath } from './shop.ts';

// Each picture with a srcset is fetched in the smallest of its widths that is sharp where it is
// drawn: the `sizes` a page gives the browser match the slot the picture fills. A `sizes` wider
// than the slot sends a phone a file twice the bytes it needs; a narrower one a blurred picture.

const PAGES = ['/', '/products', '/products/:product', '/new-arrivals'];

/** Lighthouse's phone, and a desktop at 1x and at 2x. */
const SCREENS = [
  { name: 'phone', width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true },
  { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false },
  { name: 'retina desktop', width: 1440, height: 900, deviceScaleFactor: 2, isMobile: false },
];

interface Pick {
  picture: string;
  /** Device pixels across the slot the picture fills. */
  needed: number;
  chosen: number;
  /** The width the browser should have taken: the smallest at least `needed`, else the largest. */
  best: number;
}

for (const screen of SCREENS) {
  for (const route of PAGES) {
    test(`${route} fetches each picture at the width its slot needs on a ${screen.name}`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ ...screen, viewport: screen });
      const page = await context.newPage();
      await page.goto(await realPath(route, baseURL ?? ''));
      // Every lazy picture into view once, so that each is fetched.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
          scrollTo(0, y);
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        }
      });
      // Pictures drawn on the page's width, marked: not the gallery's hidden views or a strip's far end.
      await page.evaluate(() => {
        for (const img of document.querySelectorAll<HTMLImageElement>('main img[srcset]')) {
          const { width, left, right } = img.getBoundingClientRect();
          if (width > 0 && right > 0 && left < innerWidth) img.dataset.drawnPicture = '';
        }
      });
      await page.waitForFunction(() =>
        [...document.querySelectorAll<HTMLImageElement>('img[data-drawn-picture]')].every(
          (img) => img.complete && img.currentSrc !== '',
        ),
      );
      const picks = await page.evaluate((): Pick[] =>
        [...document.querySelectorAll<HTMLImageElement>('img[data-drawn-picture]')].map((img) => {
          const candidates = img.srcset.split(',').map((entry) => {
            const [url = '', descriptor = ''] = entry.trim().split(/\s+/);
            return { url: new URL(url, location.href).href, width: Number.parseInt(descriptor, 10) };
          });
          const needed = img.getBoundingClientRect().width * devicePixelRatio;
          const widths = candidates.map(({ width }) => width).sort((a, b) => a - b);
          return {
            picture: img.currentSrc.split('/').pop() ?? '',
            needed: Math.round(needed),
            chosen: candidates.find(({ url }) => url === img.currentSrc)?.width ?? 0,
            // A pixel of rounding: the browser compares densities, not whole pixels.
            best: widths.find((width) => width >= needed - 1) ?? widths.at(-1) ?? 0,
          };
        }),
      );
      expect(picks.length).toBeGreaterThan(0);
      expect(picks.filter(({ chosen, best }) => chosen !== best)).toEqual([]);
      await context.close();
    });
  }
}
