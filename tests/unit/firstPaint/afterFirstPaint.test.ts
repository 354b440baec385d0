import { describe, expect, it } from 'vitest';
import { HELD_SCRIPT_TYPE } from '#src/firstPaint/browser/firstFrame.ts';
import { deferPastFirstPaint } from '#src/firstPaint/server/afterFirstPaint.ts';

/** A typeface's style as Astro's `<Font>` writes it. */
const FONT_STYLE =
  '<style>@font-face{font-family:Inter-1b96;src:url("/_astro/fonts/a.woff2") format("woff2");font-display:swap;}' +
  '@font-face{font-family:Inter-1b96;src:url("/_astro/fonts/b.woff2") format("woff2");font-display:swap;}' +
  ':root{--font-inter:Inter-1b96,"Inter Fallback: Arial",sans-serif;}</style>';

describe('what the first paint does without', () => {
  it("holds the body's module scripts until the first frame, as a type no browser runs; the head's are fetched at low priority", () => {
    const html =
      '<head><script type="module" src="/_astro/BaseLayout.js"></script><script>inline()</script>' +
      '<script type="application/ld+json">{}</script></head><body><script type="module" src="/_astro/a.js"></script></body>';
    expect(deferPastFirstPaint(html)).toBe(
      '<head><script type="module" fetchpriority="low" src="/_astro/BaseLayout.js"></script><script>inline()</script>' +
        '<script type="application/ld+json">{}</script></head>' +
        `<body><script type="${HELD_SCRIPT_TYPE}" data-type="module" data-src="/_astro/a.js"></script></body>`,
    );
    expect(HELD_SCRIPT_TYPE).not.toMatch(/javascript|ecmascript|module|importmap/);
  });

  it('holds nothing in HTML without a head, where no layout starts what is held', () => {
    const html = '<p>Hi</p><script type="module" src="/_astro/a.js"></script>';
    expect(deferPastFirstPaint(html)).toBe(
      '<p>Hi</p><script type="module" fetchpriority="low" src="/_astro/a.js"></script>',
    );
  });

  it("names only the system faces while scripting is on and the page is not marked data-typefaces; Astro's rules stay", () => {
    const css = /<style>(.*)<\/style>/.exec(deferPastFirstPaint(FONT_STYLE))?.[1] ?? '';
    expect(css).toBe(
      '@font-face{font-family:Inter-1b96;src:url("/_astro/fonts/a.woff2") format("woff2");font-display:swap;}' +
        '@font-face{font-family:Inter-1b96;src:url("/_astro/fonts/b.woff2") format("woff2");font-display:swap;}' +
        ':root{--font-inter:Inter-1b96,"Inter Fallback: Arial",sans-serif;}' +
        '@media (scripting:enabled){:root:not([data-typefaces]){--font-inter:"Inter Fallback: Arial",sans-serif}}',
    );
  });

  it('leaves other styles as they are', () => {
    const html = '<style>:root{--color-ink:#211a15}</style><style>astro-island{display:contents}</style>';
    expect(deferPastFirstPaint(html)).toBe(html);
  });
});
