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
 * naming only its metric-matched system faces while scripting is on and the layout's script has
 * not yet marked the page `data-typefaces`. Without scripting, or in a browser that does not
 * know the `scripting` media feature, Astro's declaration stands: the shop's face first.
 */
export function deferPastFirstPaint(html: string): string {
  return html
    .replace(MODULE_SCRIPT, '<script type="module" fetchpriority="low" src="')
    .replace(FONT_STYLE, (style, css: string) => {
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
