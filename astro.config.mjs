// @ts-check
import { readdirSync } from 'node:fs';
import { defineConfig, fontProviders } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { PROFILE_BODY_LIMIT_BYTES } from '#src/server/api/limits.ts';
import { CATALOGUE_PARAMS } from '#src/lib/catalogueParams.ts';
import { SHOP_FONTS, fallbackFamily, fontVariants } from '#src/firstPaint/build/fonts.ts';
import { buildSettings } from '#src/integrations/buildSettings.ts';
import { buildTables } from '#src/integrations/buildTables.ts';
import { clientDirectives } from '#src/firstPaint/build/clientDirectives.ts';
import { devStore } from '#src/integrations/devStore.ts';
import { devWorkbench } from '#src/integrations/devWorkbench.ts';
import { islandScriptFiles } from '#src/firstPaint/build/islandScriptFiles.ts';
import { precompress } from '#src/integrations/precompress.ts';
import { scriptChunks } from '#src/firstPaint/build/scriptChunks.ts';

/** Pages about one shopper's own data: kept out of the sitemap (they are `noindex` too). */
const PRIVATE_PAGES =
  /^\/(cart|wishlist|auth|checkout|payment|pay|my-orders|profile|track-order|admin)(\/|$)/;

const SITE = process.env.SITE_URL ?? 'http://localhost:4321';

/**
 * Pages rendered on demand, which the build does not list: the catalogue's first page and every
 * product's page, at its canonical address (a product's id is its Markdown file's name).
 */
const ON_DEMAND_PAGES = [
  '/products/',
  ...readdirSync(new URL('./src/content/products/', import.meta.url))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `/products/${name.slice(0, -'.md'.length)}`),
].map((path) => new URL(path, SITE).href);

/**
 * The file name of a bundle the pages load: a component's script is named after its component
 * alone (`Header`, not `Header.astro_astro_type_script_index_0_lang`), as every page names up to ten
 * of them and each first response must fit in one round trip. Otherwise Astro's own name.
 * @param {string} name
 */
function scriptFileName(name) {
  // A second script of one component gets its own hash, so the index adds nothing.
  return name.replace(/\.astro_astro_type_script_index_\d+_lang$/, '').replace(/[^\w.\-/]/g, '_');
}

export default defineConfig({
  site: SITE,
  // Middleware mode: our server (src/server/http/serve.ts) serves the static files, compression
  // and security headers, and hands the rest to Astro. `staticHeaders` writes each page's
  // Content-Security-Policy to dist/_headers.json, so it goes out as a header.
  adapter: node({ mode: 'middleware', staticHeaders: true, bodySizeLimit: PROFILE_BODY_LIMIT_BYTES }),
  // Answers rendered per request that say `cache.set()` are kept in memory, compressed
  // (src/server/http/routeCache.ts): the catalogue's addresses and product pages for their max-age,
  // keyed by the parameters they read, so other parameters (tracking tags) share one copy, at most
  // 200 of about 15 KB; the product API and the catalogue's index by their content.
  cache: {
    provider: {
      name: 'memory, compressed',
      entrypoint: new URL('./src/server/http/routeCache.ts', import.meta.url),
      config: { max: 200, query: { include: CATALOGUE_PARAMS } },
    },
  },
  integrations: [
    react(),
    sitemap({
      filter: (page) => !PRIVATE_PAGES.test(new URL(page).pathname),
      customPages: ON_DEMAND_PAGES,
    }),
    clientDirectives(),
    // Before precompress, which compresses the files they leave in dist/client.
    islandScriptFiles(),
    buildTables(),
    precompress(),
    devStore(),
    devWorkbench(),
    buildSettings(),
  ],
  security: {
    // Replaced by src/middleware.ts, which refuses foreign writes of every content type, JSON too.
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self' blob:",
        'frame-src https://www.openstreetmap.org',
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ],
      // Scripts are allowed by hash only. Styles may be inline: sonner injects its stylesheet and
      // React writes style attributes, neither of which a hash can cover.
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
  // The typefaces, served from our own origin. Until one arrives, text is drawn in a system face
  // matched to its metrics (src/styles/font-fallbacks.css), so it does not move when it does.
  fonts: SHOP_FONTS.map((font) => ({
    provider: fontProviders.local(),
    name: font.name,
    cssVariable: font.cssVariable,
    fallbacks: [...font.fallbacks.map((face) => fallbackFamily(font, face)), font.generic],
    optimizedFallbacks: false,
    display: 'swap',
    options: { variants: fontVariants(font) },
  })),
  // No code blocks in the shop's Markdown; Shiki's inline styles would also fight the CSP.
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [tailwindcss()],
    // Page scripts load from files, never inlined in the HTML: each is deferred as a module and
    // cached across pages, and the HTML fits a new connection's first flight sooner. Other assets
    // keep Vite's rule.
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              entryFileNames: ({ name }) => `_astro/${scriptFileName(name)}.[hash].js`,
              codeSplitting: { groups: scriptChunks() },
            },
          },
        },
      },
    },
  },
});
