/**
 * Cuts the shop's typefaces (src/firstPaint/build/fonts.ts) from their Fontsource files: only the characters
 * the shop prints, the weights it uses and the default OpenType features, so a page waits for
 * fewer bytes. Then writes src/styles/font-fallbacks.css: for each face, a system face scaled
 * and given line metrics to match it (`size-adjust`, `ascent-override`...), so that text drawn
 * before the face arrives takes the same room. Run `npm run fonts` after changing a face, its
 * range or its stand-ins, and commit what it writes.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import georgia from '@capsizecss/metrics/georgia';
import notoSerif from '@capsizecss/metrics/notoSerif';
import roboto from '@capsizecss/metrics/roboto';
import { fromBuffer } from '@capsizecss/unpack';
import subsetFont from 'subset-font';
import { PRINTED_RANGE, SHOP_FONTS, fallbackFamily } from '#src/firstPaint/build/fonts.ts';

const require = createRequire(import.meta.url);

type FontMetrics = Parameters<typeof createFontStack>[0][number];

/**
 * The system faces the stand-ins are drawn from, by family name: capsize's metrics, and for
 * Linux's default faces, which capsize lacks, the metrics `@capsizecss/unpack` reads from
 * Debian's fonts-dejavu-core 2.37.
 */
const SYSTEM_FACES: Record<string, FontMetrics> = {
  Arial: arial,
  Roboto: roboto,
  Georgia: georgia,
  'Noto Serif': notoSerif,
  'DejaVu Sans': {
    familyName: 'DejaVu Sans',
    fullName: 'DejaVu Sans',
    postscriptName: 'DejaVuSans',
    ascent: 1901,
    descent: -483,
    lineGap: 0,
    unitsPerEm: 2048,
    xWidthAvg: 1041,
  },
  'DejaVu Serif': {
    familyName: 'DejaVu Serif',
    fullName: 'DejaVu Serif',
    postscriptName: 'DejaVuSerif',
    ascent: 1901,
    descent: -483,
    lineGap: 0,
    unitsPerEm: 2048,
    xWidthAvg: 1058,
  },
};

/** A stand-in's metrics; a face named in src/firstPaint/build/fonts.ts must be listed above. */
function systemMetrics(family: string): FontMetrics {
  const metrics = SYSTEM_FACES[family];
  if (!metrics) throw new Error(`No metrics for the system face ${family}: add it to SYSTEM_FACES.`);
  return metrics;
}

/** Every character of ranges written as in CSS `unicode-range` (`U+0020-007E`, `U+2022`). */
function charactersOf(ranges: string[]): string {
  let text = '';
  for (const range of ranges) {
    const [, first = '', last = first] = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/.exec(range) ?? [];
    for (let code = parseInt(first, 16); code <= parseInt(last, 16); code++) {
      text += String.fromCodePoint(code);
    }
  }
  return text;
}

const printed = charactersOf(PRINTED_RANGE);
let fallbackCss =
  '/* Written by `npm run fonts` (scripts/subset-fonts.ts) from src/firstPaint/build/fonts.ts: do not edit. */\n';
for (const font of SHOP_FONTS) {
  const source = await readFile(require.resolve(font.source));
  const cut = await subsetFont(source, printed, {
    targetFormat: 'woff2',
    variationAxes: { wght: font.weights },
  });
  await writeFile(new URL(`../${font.file}`, import.meta.url), cut);
  console.log(`${font.file}: ${(source.length / 1024).toFixed(1)} KB → ${(cut.length / 1024).toFixed(1)} KB`);

  const metrics = { ...(await fromBuffer(Buffer.from(cut))), familyName: font.name };
  const { fontFaces } = createFontStack([metrics, ...font.fallbacks.map(systemMetrics)], {
    fontFaceFormat: 'styleString',
    fontFaceProperties: { fontDisplay: 'swap' },
  });
  for (const systemFace of font.fallbacks) {
    if (!fontFaces.includes(`"${fallbackFamily(font, systemFace)}"`)) {
      throw new Error(`capsize named the stand-in for ${systemFace} otherwise than fallbackFamily().`);
    }
  }
  fallbackCss += `${fontFaces}\n`;
}
await writeFile(new URL('../src/styles/font-fallbacks.css', import.meta.url), fallbackCss);
console.log('src/styles/font-fallbacks.css written');
