import { describe, expect, it } from 'vitest';
import { criticalSheet, drawnAtFirstPaint, inlineCriticalCss } from '#src/firstPaint/server/criticalCss.ts';

const LINK = '<link rel="stylesheet" href="/_astro/BaseLayout.abc.css">';

/** A stylesheet shaped like Tailwind's output: layers, theme variables, registered properties. */
const SHEET = [
  '@layer properties{@supports (not (margin-trim:block)){*{--tw-border-style:solid}}}',
  '@layer theme,base,utilities;',
  '@layer theme{:root{--color-ink:#211a15;--color-paper:#fbf7f0;--font-x:var(--font-y);--font-y:serif;--spacing:.25rem}}',
  '@layer base{*{margin:0}table{border-collapse:collapse}.prose table{width:100%}}',
  '@layer utilities{.p-2{padding:calc(var(--spacing) * 2)}.text-ink{color:var(--color-ink)}.font-x{font-family:var(--font-x)}',
  '.border{border-style:var(--tw-border-style);border-width:1px}.hover\\:text-ink:hover{color:var(--color-ink)}',
  '.bg-ink\\/25{background-color:#211a1540}@supports (color:color-mix(in lab, red, red)){.bg-ink\\/25{background-color:color-mix(in oklab,var(--color-ink) 25%,transparent)}}',
  '@media (width>=40rem){.sm\\:p-2{padding:.5rem}.sm\\:hidden{display:none}}.w-1\\/2,.\\32 xl\\:p-2{width:50%}}',
  '[data-without-js]{display:none}',
  '@keyframes pulse{50%{opacity:.5}}',
  // A high-contrast theme's outlines come with the whole sheet, even for a class the page has.
  '@media (forced-colors:active){.border{outline:2px solid Highlight}}',
  '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
].join('');

const page = (body: string) => `<html><head><title>Shop</title>${LINK}</head><body>${body}</body></html>`;

describe('critical CSS', () => {
  it('reads class names with their escapes undone, and elements outside :where() and the like', () => {
    const sheet = criticalSheet(
      [
        '.sm\\:p-2{padding:1px}',
        '.\\32 xl\\:p-2{padding:2px}',
        '.w-1\\/2:not(.hidden) .py-2\\.5{padding:3px}',
        '.prose table{padding:4px}',
        'input[type="search"]::-webkit-search-cancel-button{display:none}',
        ':where(h1,h2) .x{padding:5px}',
        '.c\\&d{padding:6px}',
      ].join(''),
    );
    const inlined = (body: string) => /<style>(.*)<\/style>/.exec(inlineCriticalCss(page(body), sheet))?.[1];
    expect(inlined('<p class="sm:p-2  2xl:p-2"><i class="w-1/2"><b class="py-2.5"></b></i></p>')).toBe(
      '.sm\\:p-2{padding:1px}.\\32 xl\\:p-2{padding:2px}.w-1\\/2:not(.hidden) .py-2\\.5{padding:3px}',
    );
    expect(inlined('<div class="prose"><table></table></div><p class="x"></p><i class="c&amp;d"></i>')).toBe(
      '.prose table{padding:4px}:where(h1,h2) .x{padding:5px}.c\\&d{padding:6px}',
    );
    expect(inlined('<input type="search">')).toBe(
      'input[type="search"]::-webkit-search-cancel-button{display:none}',
    );
    expect(inlined('<div class="prose"><p class="c&amp;d2 w-1/2"></p></div>')).toBeFalsy();
  });

  it('keeps the rules a page uses, with the theme variables and properties they read, and drops the rest', () => {
    const css = criticalSheet(SHEET).rulesFor({
      classes: new Set(['p-2', 'border', 'font-x', 'sm:hidden', 'bg-ink/25', '2xl:p-2']),
      elements: new Set(['html', 'body', 'p']),
    });
    expect(css).toBe(
      [
        '@layer theme,base,utilities;',
        '@layer theme{:root{--font-x:var(--font-y);--font-y:serif;--spacing:.25rem}}',
        '@layer base{*{margin:0}}',
        '@layer utilities{.p-2{padding:calc(var(--spacing) * 2)}.font-x{font-family:var(--font-x)}',
        '.border{border-style:var(--tw-border-style);border-width:1px}.bg-ink\\/25{background-color:#211a1540}',
        '@media (width>=40rem){.sm\\:hidden{display:none}}.\\32 xl\\:p-2{width:50%}}',
        '[data-without-js]{display:none}',
        '@property --tw-border-style{syntax:"*";inherits:false;initial-value:solid}',
      ].join(''),
    );
  });

  it('inlines the rules in place of the stylesheet link, links the stylesheet there disabled, and links it for pages without JavaScript at the end of the body', () => {
    const sheet = criticalSheet(SHEET);
    expect(inlineCriticalCss(page('<p class="text-ink">Hi</p>'), sheet)).toBe(
      '<html><head><title>Shop</title><style>@layer theme,base,utilities;@layer theme{:root{--color-ink:#211a15}}' +
        '@layer base{*{margin:0}}@layer utilities{.text-ink{color:var(--color-ink)}}[data-without-js]{display:none}</style>' +
        '<link rel="stylesheet" disabled data-stylesheet href="/_astro/BaseLayout.abc.css">' +
        `</head><body><p class="text-ink">Hi</p><noscript>${LINK}</noscript></body></html>`,
    );
  });

  it('inlines the rules of the first screen only when the rest of the page is marked, and hides that rest until the whole stylesheet applies', () => {
    const sheet = criticalSheet(SHEET);
    const rest =
      '<div data-after-first-screen><p class="p-2">More</p></div></main><footer class="border">Shop</footer>';
    const inlined = (body: string) =>
      /<style>(.*)<\/style>/.exec(inlineCriticalCss(page(body), sheet))?.[1] ?? '';

    const marked = inlined(`<main><p class="text-ink">Hi</p>${rest}`);
    expect(marked).toContain('.text-ink{');
    expect(marked).not.toContain('.p-2{');
    expect(marked).not.toContain('.border{');
    expect(marked).toContain(
      '@media (scripting:enabled){html:not([data-styled]) :is([data-after-first-screen],main:has([data-after-first-screen])~footer){visibility:hidden}}',
    );

    const whole = inlined(`<main><p class="text-ink">Hi</p>${rest.replace(' data-after-first-screen', '')}`);
    expect(whole).toContain('.p-2{');
    expect(whole).toContain('.border{');
    expect(whole).not.toContain('visibility:hidden');
    // The words in a page's text are not the mark.
    expect(
      inlined('<main><p class="text-ink">data-after-first-screen</p><p class="p-2"></p></main>'),
    ).toContain('.p-2{');
  });

  it('leaves out what the first paint does not draw: templates, hidden elements, closed popovers and dialogs', () => {
    const drawn = '<header><p class="a">A</p>';
    expect(
      drawnAtFirstPaint(
        drawn +
          '<template><p class="t">T</p></template>' +
          '<button hidden class="h"><svg><path d="M0 0"/></svg></button>' +
          '<div id="menu" popover class="fixed"><div><img src="x.webp"><p>Nested</p></div></div>' +
          '<dialog class="m-0"><p class="d">Closed</p></dialog>' +
          '<p class="b" aria-label="hidden popover">B</p><script>"<div popover>"</script>' +
          '<button popovertarget="menu" class="c">Menu</button></header>',
      ),
    ).toBe(
      drawn +
        '<p class="b" aria-label="hidden popover">B</p><script>"<div popover>"</script>' +
        '<button popovertarget="menu" class="c">Menu</button></header>',
    );
    // Shown by a class of its own, or open: drawn.
    const shown =
      '<dialog class="m-0 lg:static lg:block"><p class="f">Filters</p></dialog>' +
      '<form popover class="fixed xl:block"><input class="q"></form><dialog open><p class="o">Open</p></dialog>';
    expect(drawnAtFirstPaint(shown)).toBe(shown);
  });

  it('inlines no rule only an undrawn element uses', () => {
    const inlined = inlineCriticalCss(
      page(
        '<p class="text-ink">Hi</p><div popover><p class="p-2">Menu</p></div><template><p class="border"></p></template>',
      ),
      criticalSheet(SHEET),
    );
    expect(inlined).toContain('.text-ink{');
    expect(inlined).not.toContain('.p-2{');
    expect(inlined).not.toContain('.border{');
  });

  it('leaves a page without the stylesheet link as it was (the dev server injects its styles)', () => {
    const plain = '<html><head></head><body><p class="p-2"></p></body></html>';
    expect(inlineCriticalCss(plain, criticalSheet(SHEET))).toBe(plain);
  });
});
