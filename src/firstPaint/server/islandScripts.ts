import { createHash } from 'node:crypto';
import { heldScript } from './afterFirstPaint.ts';

/**
 * Astro writes into every page with islands, inline, the script that defines `<astro-island>`
 * and one script per hydration directive the page uses (`client:visible`, `client:interaction`
 * …): 6.5 KB raw, 2.2 KB of brotli in each page's first response, the same on every page. As
 * files, they are fetched once and cached, and the first response fits its round trip sooner.
 * They start after the page's first frame, as its module scripts do
 * (src/firstPaint/browser/firstFrame.ts), and load `async`, so an island hydrates as soon as they
 * arrive, not after the module scripts and all their imports (which `defer` would wait for).
 * Inline, a directive always ran before the runtime; as files either may run first, so each file
 * first creates the global `Astro` the runtime reads, and the runtime then waits for its
 * directive's `astro:<name>` event.
 */

/** A `<script>` without attributes (JSON-LD has its type; page scripts load from files). */
const INLINE_SCRIPT = /<script>([^<]*(?:<(?!\/script>)[^<]*)*)<\/script>/g;

/** How Astro's runtime defines `<astro-island>`, and how a directive registers and announces itself. */
const RUNTIME = 'customElements.define("astro-island"';
const DIRECTIVE =
  /\(self\.Astro\|\|\(self\.Astro=\{\}\)\)\.\w+=\w+;window\.dispatchEvent\(new Event\("astro:\w+"\)\)/;

const isIslandScript = (text: string) => text.includes(RUNTIME) || DIRECTIVE.test(text);

/** Where island scripts are served from. */
export const ISLAND_SCRIPTS = '/_astro/island.';

/** An island script's file: the global the runtime reads, then the script as Astro wrote it. */
export const islandScriptFile = (text: string) => `self.Astro||(self.Astro={});\n${text}`;

/** Where an island script is served: named by its file's content, so a new build never meets an old copy. */
export function islandScriptPath(text: string): string {
  const hash = createHash('sha256').update(islandScriptFile(text)).digest('base64url');
  return `${ISLAND_SCRIPTS}${hash.slice(0, 12)}.js`;
}

/**
 * `html` with each of Astro's inline island scripts loaded from its file instead, where
 * `served(path, text)` says that file is there; the others stay inline.
 */
export function loadIslandScriptsFromFiles(
  html: string,
  served: (path: string, text: string) => boolean,
): string {
  return html.replace(INLINE_SCRIPT, (script, text: string) => {
    if (!isIslandScript(text)) return script;
    const path = islandScriptPath(text);
    return served(path, text) ? heldScript(path, 'async') : script;
  });
}
