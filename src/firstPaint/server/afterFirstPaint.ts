import { HELD_SCRIPT_TYPE } from '#src/firstPaint/browser/firstFrame.ts';

/**
 * What a page's first paint does without, asked for so that it never holds that paint back.
 * Lighthouse's simulated load counts every request that finished before the page's largest paint
 * as one that paint waited for, whether it did or not, and the running of every script among them:
 * the page's module scripts and Astro's island scripts, even at low priority, and the shop's
 * typefaces, which a browser asks for as soon as it lays out text in them, even with
 * `font-display: swap`. Started after the first frame, the catalogue's scripts took 0.7 s off its
 * simulated largest paint and half its blocking time.
 */

/**
 * A script held until the first contentful paint (src/firstPaint/browser/firstFrame.ts): a data
 * block, as HTML calls a script of a type no browser runs, which may have no `src` or `async`;
 * `data-` attributes keep them, and the module type, for the layout's script to write it again as
 * it was.
 */
export const heldScript = (src: string, kind: 'module' | 'async') =>
  `<script type="${HELD_SCRIPT_TYPE}" ${kind === 'module' ? 'data-type="module"' : 'data-async'} data-src="${src}"></script>`;

/** A module script as Astro writes it, where its component is drawn. */
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

/** The custom property and family stack a `<Font>` component's style declares on the root. */
const FAMILY_VARIABLE = /:root\{(--[\w-]+):([^;{}]+);?\}/;
/** The families a style's `@font-face` rules declare. */
const FONT_FACE_FAMILY = /@font-face\{font-family:([^;{}]+);/g;
/** A style element with `@font-face` rules. */
const FONT_STYLE = /<style>(@font-face\{[^<]*)<\/style>/g;

/**
 * `html` with the module scripts of its body held until the first frame (they hydrate and wire
 * what the shopper acts on; Astro's island scripts are held where they are written, in
 * src/firstPaint/server/islandScripts.ts), those of its head fetched at low priority (the layout's,
 * which starts the others once that frame is drawn), and each typeface's custom property (from
 * Astro's `<Font>`) naming only its metric-matched system faces while scripting is on and the
 * layout's script has not yet marked the page `data-typefaces`. Without scripting, or in a
 * browser that does not know the `scripting` media feature, Astro's declaration stands: the
 * shop's face first.
 */
export function deferPastFirstPaint(html: string): string {
  // Without a head there is no layout to start held scripts: none is held.
  const headEnd = html.indexOf('</head>');
  const bodyStart = headEnd === -1 ? html.length : headEnd;
  const head = html
    .slice(0, bodyStart)
    .replace(MODULE_SCRIPT, '<script type="module" fetchpriority="low" src="$1"></script>');
  const body = html.slice(bodyStart).replace(MODULE_SCRIPT, (_, src: string) => heldScript(src, 'module'));
  return (head + body).replace(FONT_STYLE, (style, css: string) => {
    const [, name, stack] = FAMILY_VARIABLE.exec(css) ?? [];
    if (!name || !stack) return style;
    const faces = new Set([...css.matchAll(FONT_FACE_FAMILY)].map(([, family]) => family?.trim()));
    const systemFaces = stack
      .split(',')
      .filter((family) => !faces.has(family.trim()))
      .join(',');
    return `<style>${css}@media (scripting:enabled){:root:not([data-typefaces]){${name}:${systemFaces}}}</style>`;
  });
}
