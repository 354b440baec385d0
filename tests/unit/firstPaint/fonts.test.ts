import { readFileSync } from 'node:fs';
import { fromFile } from '@capsizecss/unpack/fs';
import { describe, expect, it } from 'vitest';
import { SHOP_FONTS, fallbackFamily, fontVariants } from '#src/firstPaint/build/fonts.ts';

const fallbackCss = readFileSync(new URL('../../../src/styles/font-fallbacks.css', import.meta.url), 'utf8');

/** The declarations of the `@font-face` rule for one family in the written stand-in CSS. */
function faceRule(family: string): string {
  const start = fallbackCss.indexOf(`font-family: "${family}";`);
  return start < 0 ? '' : fallbackCss.slice(start, fallbackCss.indexOf('}', start));
}

/** The code points of CSS `unicode-range` values. */
function codePoints(ranges: string[]): Set<number> {
  const points = new Set<number>();
  for (const range of ranges) {
    const [, first = '', last = first] = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/.exec(range) ?? [];
    expect(first, `${range} is a unicode-range`).not.toBe('');
    for (let code = parseInt(first, 16); code <= parseInt(last, 16); code++) points.add(code);
  }
  return points;
}

describe('the shop faces (npm run fonts)', () => {
  it('no character belongs to both files of a face, so none fetches the Latin Extended file needlessly', () => {
    for (const font of SHOP_FONTS) {
      const [printed, extended] = fontVariants(font).map((variant) => codePoints(variant.unicodeRange));
      const both = [...(printed ?? [])].filter((code) => extended?.has(code));
      expect(both.map((code) => `U+${code.toString(16).toUpperCase()}`)).toEqual([]);
    }
  });

  for (const font of SHOP_FONTS) {
    it(`${font.name}: each stand-in system face is written, sized to match`, () => {
      for (const systemFace of font.fallbacks) {
        const rule = faceRule(fallbackFamily(font, systemFace));
        expect(rule, `${systemFace} for ${font.name} in font-fallbacks.css`).toContain(
          `local('${systemFace}`,
        );
        expect(rule).toMatch(/size-adjust: \d+(\.\d+)?%/);
        expect(rule).toMatch(/ascent-override: \d+(\.\d+)?%/);
      }
    });

    it(`${font.name}: the committed cut is the face, smaller than its Fontsource file`, async () => {
      const cut = new URL(`../../../${font.file}`, import.meta.url);
      expect((await fromFile(cut.pathname)).familyName).toBe(font.name);
      const source = readFileSync(import.meta.resolve(font.source).replace('file://', ''));
      expect(readFileSync(cut).length).toBeLessThan(source.length * 0.85);
    });
  }
});
