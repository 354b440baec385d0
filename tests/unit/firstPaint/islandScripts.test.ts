import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  islandScriptFile,
  islandScriptPath,
  loadIslandScriptsFromFiles,
} from '#src/firstPaint/server/islandScripts.ts';
import { HELD_SCRIPT_TYPE } from '#src/firstPaint/browser/firstFrame.ts';

/** Shaped like what Astro inlines: the runtime that defines `<astro-island>`, and a directive. */
const RUNTIME = '(()=>{class e extends HTMLElement{};customElements.define("astro-island",e)})();';
const DIRECTIVE =
  '(()=>{var a=()=>{};(self.Astro||(self.Astro={})).visible=a;window.dispatchEvent(new Event("astro:visible"));})();';
const JSON_LD = '<script type="application/ld+json">{"@type":"Organization","name":"Astro"}</script>';
const PAGE_SCRIPT = '<script type="module" src="/_astro/Header.abc.js"></script>';

const page = `<html><head>${JSON_LD}${PAGE_SCRIPT}</head><body><script>${DIRECTIVE}</script><script>${RUNTIME}</script><astro-island client="visible"></astro-island><script>console.log("self.Astro")</script></body></html>`;

describe('island scripts', () => {
  it('are loaded from their files where those are served, and nothing else moves', () => {
    const served = new Set([islandScriptPath(RUNTIME), islandScriptPath(DIRECTIVE)]);
    const written: string[] = [];
    const html = loadIslandScriptsFromFiles(page, (path, text) => {
      written.push(text);
      return served.has(path);
    });
    // Held until the page's first frame, as its module scripts are (afterFirstPaint.ts).
    const held = `<script type="${HELD_SCRIPT_TYPE}" data-async data-src=`;
    expect(html).toContain(`${held}"${islandScriptPath(DIRECTIVE)}"></script>`);
    expect(html).toContain(`${held}"${islandScriptPath(RUNTIME)}"></script>`);
    expect(html).not.toContain(RUNTIME);
    expect(html).not.toContain(DIRECTIVE);
    expect(html).toContain(JSON_LD);
    expect(html).toContain(PAGE_SCRIPT);
    // Another inline script that merely names Astro's global is left alone.
    expect(written).toEqual([DIRECTIVE, RUNTIME]);
    expect(html).toContain('<script>console.log("self.Astro")</script>');
  });

  it('stay inline when their file is not served (development, or an older build)', () => {
    expect(loadIslandScriptsFromFiles(page, () => false)).toBe(page);
  });

  it('are named by their file, which first creates the global the runtime reads', () => {
    const file = islandScriptFile(RUNTIME);
    expect(file.startsWith('self.Astro||(self.Astro={});')).toBe(true);
    expect(file.endsWith(RUNTIME)).toBe(true);
    const hash = createHash('sha256').update(file).digest('base64url').slice(0, 12);
    expect(islandScriptPath(RUNTIME)).toBe(`/_astro/island.${hash}.js`);
    expect(islandScriptPath(RUNTIME)).not.toBe(islandScriptPath(DIRECTIVE));
  });
});
