import { askedBefore, measurePageBytes, BROTLI_QUALITY } from '../../scripts/page-bytes.mjs';
import { ROUTES, routeStates, type Budget } from '../../scripts/shop-pages.mjs';
import { test, expect } from './fixtures.ts';
import { realPath, seedShopper } from './shop.ts';

// The byte budgets: brotli (quality BROTLI_QUALITY) of what a page loads before the shopper
// scrolls or acts. Bytes are deterministic, so these are tests; timings are never.
const KB = 1024;
// Interaction pages were held to 8 KB until cards read what changes after the build: their stock
// (LiveStock.astro, 0.5 KB) and their rating (RatingBadges.astro and its helpers, 0.6 KB). Static
// pages were held to 3.5 KB until the top bar's cart and wishlist read lines stored before lines
// carried their product and pack (0.1 KB, src/stores/shapes.ts), to 3.6 KB until the layout's
// script applied the preloaded stylesheet (0.1 KB, BaseLayout.astro), and both to 0.1 KB less
// until that script also showed the typefaces after the first frame
// (src/firstPaint/server/afterFirstPaint.ts). Pages with React were held to 80 KB (React alone is
// 59 KB) until checkout and profile shared one address book (checkout 80.6 KB; 80.3 KB once signing in
// moved out of the account store, src/stores/signIn.ts), and to 81 KB until the cart, checkout
// and wishlist asked the shop about their lines' products (src/stores/productsToday.ts, 0.6 KB)
// instead of carrying what they needed of every product in their page, and to 81.6 KB until a
// request no answer comes back to was given up after 20 s (src/stores/shop.ts, 0.07 KB) rather
// than left spinning ("Placing your order..." for good), and a busy control kept the focus and
// what replaces a removed one took it (src/islands/common/keepFocus.ts and its uses, 0.3 KB on
// checkout), where keyboard and screen-reader shoppers lost their place to the page's body, and to
// 82 KB until the cart's and checkout's totals left out a line sold out since it was added, and
// said so ($cartToday in src/stores/productsToday.ts and islands/common/NotCounted.tsx, 0.2 KB on
// checkout), where they counted what the order would not have. Static and interaction pages were
// held to 3.8 and 9.1 KB until the modules their scripts share came in one file each
// (src/firstPaint/build/scriptChunks.ts): an information page 3.6 → 3.4 KB, the 404 3.7 → 3.5
// KB and home 8.9 → 8.5 KB. Both were held to 3.6 and 8.6 KB until the layout's script started
// the page's other scripts and its stylesheet after the first contentful paint, and heard the shopper's
// acts until then (src/firstPaint/browser/firstFrame.ts, 0.3 KB): the catalogue's simulated
// largest paint fell from 1.59 to 1.2 s. All three were held to 3.9, 9 and 82.2 KB until a button
// pressed before the script or island serving it had come was pressed again once it had
// (src/firstPaint/browser/earlyPresses.ts, src/firstPaint/browser/directives/presses.ts; 0.1 KB on
// static pages, 0.2 KB on those with React). Pages with React were held to 82.6 KB until checkout
// offered the card beside pay on delivery (its choice, the shop's ways to pay and the order's
// payment: src/islands/checkout/PaymentChoice.tsx,
// src/stores/paymentMethods.ts, src/lib/payment.ts; 0.8 KB on checkout), and to 83.5 KB until
// recipe pages loaded the cart's code only when their button is reached (Vite's preload helper in
// the cards' chunk, which checkout loads too; 0.1 KB), and to 83.6 KB until a return address was
// checked decoded and normalised, so that no encoded form leads off the shop (src/lib/returnPath.ts,
// which checkout asks when a session has ended; 0.1 KB). Static and interaction pages were held to
// 4.1 and 9.2 KB, and pages with React to 83.8 KB, until every page's top bar checked a stored
// sign-in against the shop, so that "Sign out of all devices" shows in other browsers on their next
// page (checkSignedIn in src/stores/authState.ts, 0.1 KB), and the account store said whether the
// email is confirmed and sent a new link (src/stores/auth.ts, 0.1 KB more on checkout); then
// interaction pages and those with React until stock was per pack: cards name their packs sold
// out and a product page opens on, and marks, the packs that sell (src/lib/stock.ts,
// LiveStock.astro), and its stars link to its reviews (RatingBadges.astro; 0.3 and 0.2 KB); and
// pages with React until checkout took a discount code and a gift note
// (src/islands/checkout/DiscountCodeField.tsx and GiftNote.tsx, src/stores/discount.ts,
// src/lib/discounts.ts; 1.5 KB), and to 85.8 KB until checkout promised the destination's delivery
// window before Place Order and said why Place Order waits (src/islands/checkout/DeliveryWindow.tsx,
// src/lib/countries.ts; 0.1 KB).
const JS_BUDGET: Record<Budget, number> = { static: 4.2 * KB, interaction: 9.6 * KB, app: 86 * KB };
// A product page also reads its lot's freshness on the shopper's own day (ProductLot.astro, 0.55
// KB): a static page cannot know how long ago its lot was packed. Its reviews' script (1.1 KB)
// waits until the shopper scrolls near them, leaving a 0.2 KB loader, which also brings in the
// product's recipes and pairings then (0.1 KB more, src/scripts/productCooking.ts): the page's first
// response has no room for them. It notes itself as recently viewed, and draws that list when the shopper
// scrolls near it (src/components/ProductReviews.astro, 0.3 KB; the list's own script after).
// A recipe page's "Add the spices to cart" loads the cart's code when the shopper reaches for it,
// through Vite's preload helper, which the product cards' shared chunk carries (1.6 KB with the
// cards' stock helpers), and its own loader (0.5 KB).
const MORE_JS: Partial<Record<string, number>> = {
  '/products/:product': 1.5 * KB,
  '/recipes/chana-masala': 2.1 * KB,
};
// The whole stylesheet (10.3 KB; 10.7 KB until its utilities wrote the theme's sizes themselves),
// plus the copy of its first screen's rules each page inlines (at most 6 KB): those arrive in the
// first round trip, the stylesheet after first paint, fetched for print.
const CSS_BUDGET = 18 * KB;
// The two faces cut to what the shop prints (src/firstPaint/build/fonts.ts), fetched when text
// needs them, never preloaded: text is drawn at once in a metric-matched system face (on a shopper's first
// page, the first frame always is). Fontsource's whole Latin files were 86 KB, both preloaded.
const FONT_BUDGET = 60 * KB;
// What the first screen waits for (the HTML, its first paint's CSS inlined, and any stylesheet
// still blocking paint) fits a new connection's first flight: one round trip. What keeps the
// catalogue and product pages within it: the catalogue's cards are its island's children, not
// also its props (src/components/CataloguePage.astro); a page inlines the rules of its first
// screen only (src/firstPaint/server/criticalCss.ts), which on the catalogue leaves out the
// footer's; a picture's fallback file is the widest of its set, not one more address; the
// footer's icons come from one file of symbols (src/pages/social-icons.svg.ts).
const FIRST_RESPONSE_BUDGET = 14 * KB;

// What the server sends is what the figure above says: prerendered pages are precompressed at
// brotli 11 (src/integrations/precompress.ts), and product pages and the catalogue's, rendered on
// request, are kept at brotli 11 by Astro's route cache (src/server/http/routeCache.ts); at brotli
// 7, and 4 as rendered, they went out at 16.4 and 18.8 KB.

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

for (const route of ROUTES) {
  const states = routeStates(route);
  const jsBudget = JS_BUDGET[route.budget] + (MORE_JS[route.path] ?? 0);
  test(`${route.path} stays within its byte budgets`, async ({ page, baseURL }) => {
    const path = await realPath(route.path, baseURL ?? '');
    for (const state of states) {
      if (state === 'signed in') await seedShopper(page, baseURL ?? '');
      await askedBefore(new URL(path, baseURL).href);
      const bytes = await measurePageBytes(page, path);
      expect(bytes.status, `${path} answers`).toBe(route.status ?? 200);
      const where = `${path} (${state})`;
      const files = bytes.js.files.map((f) => `${f.url} ${kb(f.brotli)}`).join(', ');
      expect(
        bytes.js.brotli,
        `${where} loads ${kb(bytes.js.brotli)} of JavaScript (brotli ${BROTLI_QUALITY}) on load, budget ${kb(jsBudget)}: ${files}`,
      ).toBeLessThanOrEqual(jsBudget);
      expect(
        bytes.css.brotli,
        `${where} loads ${kb(bytes.css.brotli)} of CSS (brotli ${BROTLI_QUALITY}), budget ${kb(CSS_BUDGET)}`,
      ).toBeLessThanOrEqual(CSS_BUDGET);
      if (!route.signedIn) {
        expect(
          bytes.firstResponse.brotli,
          `${where}'s first response is ${kb(bytes.firstResponse.brotli)} (brotli ${BROTLI_QUALITY}: HTML ${kb(bytes.html.brotli)}, blocking ${bytes.firstResponse.blocking.join(', ') || 'nothing'}), budget ${kb(FIRST_RESPONSE_BUDGET)}`,
        ).toBeLessThanOrEqual(FIRST_RESPONSE_BUDGET);
        expect(
          bytes.htmlSent + bytes.firstResponse.brotli - bytes.html.brotli,
          `${where}'s HTML as the server sent it is ${kb(bytes.htmlSent)}, budget for the first response ${kb(FIRST_RESPONSE_BUDGET)}`,
        ).toBeLessThanOrEqual(FIRST_RESPONSE_BUDGET);
      }
      expect(bytes.fonts.preloaded, `${where} preloads fonts, budget: none`).toBe(0);
      expect(
        bytes.fonts.bytes,
        `${where} loads ${kb(bytes.fonts.bytes)} of fonts, budget ${kb(FONT_BUDGET)}: ${bytes.fonts.files.join(', ')}`,
      ).toBeLessThanOrEqual(FONT_BUDGET);
      if (route.budget !== 'app') {
        expect(bytes.react, `${where} loads React before the shopper acts, budget: no React`).toBe(false);
      }
      if (route.budget === 'static') {
        expect(bytes.islands, `${where} has ${bytes.islands} island(s), budget: none`).toBe(0);
      }
    }
  });
}

// A product's page grows with its packs, pictures and video: every one of them fits the flight.
test('every product page is sent in one round trip', async ({ request }) => {
  const { products } = (await (await request.get('/api/v1/product')).json()) as {
    products: { _id: string }[];
  };
  expect(products.length).toBeGreaterThan(1);
  for (const { _id } of products) {
    const path = `/products/${_id}/`;
    const sent = await request.get(path, { headers: { 'Accept-Encoding': 'br' } });
    expect(sent.headers()['content-encoding'], path).toBe('br');
    const bytes = Number(sent.headers()['content-length']);
    expect(bytes, `${path} is sent as ${kb(bytes)}, budget ${kb(FIRST_RESPONSE_BUDGET)}`).toBeGreaterThan(0);
    expect(bytes, `${path} is sent as ${kb(bytes)}, budget ${kb(FIRST_RESPONSE_BUDGET)}`).toBeLessThanOrEqual(
      FIRST_RESPONSE_BUDGET,
    );
  }
});

// Every import level is one more round trip before a page's scripts run: the bundler gave each
// set of scripts sharing a module a chunk of its own, and the catalogue's scripts were four
// levels deep in eleven files of 0.1 to 1.6 KB (src/firstPaint/build/scriptChunks.ts).
const SCRIPT_LEVELS = 2;

test('a page without React reaches every module its scripts import in one request more', async ({
  request,
  baseURL,
}) => {
  const imports = /(?:import|from)\s*["']([^"']+\.js)["']/g;
  for (const route of ROUTES.filter((r) => r.budget !== 'app')) {
    const path = await realPath(route.path, baseURL ?? '');
    const html = await (await request.get(path)).text();
    let level = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(level.length, `${path} loads page scripts`).toBeGreaterThan(0);
    const seen = new Set(level);
    for (let depth = 1; level.length > 0; depth += 1) {
      const next: string[] = [];
      for (const script of level) {
        const code = await (await request.get(script)).text();
        for (const [, file] of code.matchAll(imports)) {
          const url = new URL(file ?? '', new URL(script, baseURL)).pathname;
          if (seen.has(url)) continue;
          seen.add(url);
          next.push(url);
        }
      }
      if (next.length > 0) {
        expect(depth + 1, `${path}: ${next.join(', ')} imported at level ${depth + 1}`).toBeLessThanOrEqual(
          SCRIPT_LEVELS,
        );
      }
      level = next;
    }
  }
});
