import { test, expect } from './fixtures.ts';
import { realPath } from './shop.ts';

// Each picture with a srcset asks for the smallest of its widths that is sharp where it is drawn:
// the `sizes` a page gives the browser match the slot the picture fills. A `sizes` wider
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
  /** The width the picture's `sizes` ask for. */
  chosen: number;
  /** The width the browser should take: the smallest at least `needed`, else the largest. */
  best: number;
}

for (const screen of SCREENS) {
  for (const route of PAGES) {
    test(`${route} asks for each picture at the width its slot needs on a ${screen.name}`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ ...screen, viewport: screen });
      const page = await context.newPage();
      await page.goto(await realPath(route, baseURL ?? ''));
      // Laid out in the whole stylesheet: the first screen alone has its rules before it applies.
      await expect(page.locator('html')).toHaveAttribute('data-styled', '');
      // What the page's `sizes` ask for on this screen, measured against the slot each picture
      // fills once laid out. (Which file a browser fetched is not the measure: Chromium's mobile
      // emulation, under load, now and then fetches the first cards' pictures as for a 980 px window.)
      const picks = await page.evaluate((): Pick[] => {
        const probe = document.body.appendChild(document.createElement('div'));
        /** The width in CSS pixels that a `sizes` attribute gives on this screen. */
        const slotOf = (sizes: string) => {
          for (const entry of sizes.split(/,(?![^(]*\))/)) {
            const [, media, length = entry] = /^\s*(\(.*\))\s+(.+)$/.exec(entry) ?? [];
            if (media && !matchMedia(media).matches) continue;
            probe.style.width = length.trim();
            return probe.getBoundingClientRect().width;
          }
          return innerWidth;
        };
        // Pictures drawn on the page's width: not the gallery's hidden views or a strip's far end.
        const drawn = [...document.querySelectorAll<HTMLImageElement>('main img[srcset]')].filter((img) => {
          const { width, left, right } = img.getBoundingClientRect();
          return width > 0 && right > 0 && left < innerWidth;
        });
        // A <picture>'s sources (AVIF) are what a browser takes first: each must ask as its img does.
        const found = drawn.flatMap((img) => {
          const needed = img.getBoundingClientRect().width * devicePixelRatio;
          const sources =
            img.parentElement instanceof HTMLPictureElement
              ? img.parentElement.querySelectorAll('source')
              : [];
          return [...sources, img].map((choice) => {
            const widths = choice.srcset
              .split(',')
              .map((entry) => Number.parseInt(entry.trim().split(/\s+/)[1] ?? '', 10))
              .sort((a, b) => a - b);
            // The smallest width at least `pixels` across, else the largest; a pixel of rounding,
            // since a browser compares densities, not whole pixels.
            const widthFor = (pixels: number) =>
              widths.find((width) => width >= pixels - 1) ?? widths.at(-1) ?? 0;
            return {
              picture: `${img.src.split('/').pop() ?? ''}${choice instanceof HTMLSourceElement ? ` (${choice.type})` : ''}`,
              needed: Math.round(needed),
              chosen: widthFor(slotOf(choice.sizes) * devicePixelRatio),
              best: widthFor(needed),
            };
          });
        });
        probe.remove();
        return found;
      });
      expect(picks.length).toBeGreaterThan(0);
      expect(picks.filter(({ chosen, best }) => chosen !== best)).toEqual([]);
      await context.close();
    });
  }
}
