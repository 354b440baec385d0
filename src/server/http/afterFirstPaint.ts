/**
 * What a page's first paint does without, asked for so that it never holds that paint back.
 * Lighthouse's simulated load counts every request of the highest priorities that finished
 * before the page painted as one the paint waited for, whether it did or not: the page's module
 * scripts (High), and the shop's typefaces (VeryHigh), which a browser asks for as soon as it
 * lays out text in them, even with `font-display: swap`.
 */

/** A module script as Astro writes it in the head. */
const MODULE_SCRIPT = /<script type="module" src="/g;

/** The custom property and family stack a `<Font>` component's style declares on the root. */
const FAMILY_VARIABLE = /:root\{(--[\w-]+):([^;{}]+);?\}/;
/** The families a style's `@font-face` rules declare. */
const FONT_FACE_FAMILY = /@font-face\{font-family:([^;{}]+);/g;
/** A style element with `@font-face` rules. */
const FONT_STYLE = /<style>(@font-face\{[^<]*)<\/style>/g;

/**
 * `html` with its module scripts fetched at low priority (they hydrate and wire what the shopper
 * acts on, after the first frame), and each typeface's custom property (from Astro's `<Font>`)
 * naming only its metric-matched system faces until the layout's script marks the page
 * `data-typefaces`: then, or on a page without scripting, it names the shop's face first.
 */
export function deferPastFirstPaint(html: string): string {
  return html
    .replace(MODULE_SCRIPT, '<script type="module" fetchpriority="low" src="')
    .replace(FONT_STYLE, (style, css: string) => {
      const [declaration, name, stack] = FAMILY_VARIABLE.exec(css) ?? [];
      if (!declaration || !name || !stack) return style;
      const faces = new Set([...css.matchAll(FONT_FACE_FAMILY)].map(([, family]) => family?.trim()));
      const systemFaces = stack
        .split(',')
        .filter((family) => !faces.has(family.trim()))
        .join(',');
      const whole = `{${name}:${stack}}`;
      return `<style>${css.replace(
        declaration,
        `:root{${name}:${systemFaces}}:root[data-typefaces]${whole}@media (scripting:none){:root${whole}}`,
      )}</style>`;
    });
}
