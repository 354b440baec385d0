/**
 * The shop's two typefaces, in one place for `npm run fonts` (which cuts the files) and for
 * astro.config.mjs (which serves them through Astro's Fonts API with metric-matched fallbacks).
 *
 * Pages do not preload the faces: text is drawn at once in a system face whose size and line
 * metrics are matched to the shop's face (`src/styles/font-fallbacks.css`, also written by
 * `npm run fonts`), and the shop's face replaces it when it arrives without moving the page.
 *
 * Each face is the Fontsource variable font cut to what the shop prints: the characters of
 * `PRINTED_RANGE` (Basic Latin, Latin-1 and the typographic punctuation the copy uses), the
 * weights the styles use, and the default OpenType features only. Text outside that range, such
 * as a product named in Polish, is drawn from Fontsource's Latin Extended file, fetched only on
 * a page that needs it.
 */
type UnicodeRange = [string, ...string[]];

export const PRINTED_RANGE: UnicodeRange = [
  'U+0020-007E',
  'U+00A0-00FF',
  'U+2013-2014',
  'U+2018-201A',
  'U+201C-201E',
  'U+2022',
  'U+2026',
  'U+2032-2033',
  'U+20AC',
  'U+20B9',
  'U+2122',
  'U+2212',
];

/** Fontsource's range for its Latin Extended file, less the rupee sign the cut file has. */
const LATIN_EXTENDED_RANGE: UnicodeRange = [
  'U+0100-02BA',
  'U+02BD-02C5',
  'U+02C7-02CC',
  'U+02CE-02D7',
  'U+02DD-02FF',
  'U+0304',
  'U+0308',
  'U+0329',
  'U+1D00-1DBF',
  'U+1E00-1E9F',
  'U+1EF2-1EFF',
  'U+2020',
  'U+20A0-20AB',
  'U+20AD-20B8',
  'U+20BA-20C0',
  'U+2113',
  'U+2C60-2C7F',
  'U+A720-A7FF',
];

interface ShopFont {
  /** The family name in CSS. */
  name: string;
  /** The CSS variable Astro's `<Font>` defines and the Tailwind theme reads. */
  cssVariable: `--${string}`;
  /**
   * The system faces drawn while the face loads, each matched to its metrics, the first found
   * on the device used (Windows and Apple, Android, Linux), then the generic family.
   */
  fallbacks: string[];
  generic: 'sans-serif' | 'serif';
  /** The weights the styles use: the variable axis is cut to this range. */
  weights: { min: number; max: number };
  /** The Fontsource file the cut is made from, and the Latin Extended file served beside it. */
  source: string;
  extended: string;
  /** The cut file, written by `npm run fonts` and committed. */
  file: string;
}

export const SHOP_FONTS: ShopFont[] = [
  {
    name: 'Inter',
    cssVariable: '--font-inter',
    fallbacks: ['Arial', 'Roboto', 'DejaVu Sans'],
    generic: 'sans-serif',
    weights: { min: 400, max: 700 },
    source: '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
    extended: '@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2',
    file: './src/assets/fonts/inter-printed.woff2',
  },
  {
    name: 'Fraunces',
    cssVariable: '--font-fraunces',
    fallbacks: ['Georgia', 'Noto Serif', 'DejaVu Serif'],
    generic: 'serif',
    weights: { min: 400, max: 600 },
    source: '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2',
    extended: '@fontsource-variable/fraunces/files/fraunces-latin-ext-wght-normal.woff2',
    file: './src/assets/fonts/fraunces-printed.woff2',
  },
];

/**
 * A face's two `@font-face` rules for Astro's local font provider: the cut file for what the
 * shop prints, and Fontsource's Latin Extended file for the rest.
 */
export function fontVariants(font: ShopFont) {
  const weight = `${font.weights.min} ${font.weights.max}`;
  const style = 'normal' as const;
  return [
    { src: [font.file] as [string], weight, style, unicodeRange: PRINTED_RANGE },
    { src: [font.extended] as [string], weight, style, unicodeRange: LATIN_EXTENDED_RANGE },
  ] satisfies [unknown, unknown];
}

/** The family name of a face's metric-matched stand-in (the convention of `@capsizecss/core`). */
export function fallbackFamily(font: ShopFont, systemFace: string): string {
  return `${font.name} Fallback: ${systemFace}`;
}
