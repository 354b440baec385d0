import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { criticalSheet } from '/work/main/src/server/http/criticalCss.ts';
const br = (s: string) => brotliCompressSync(Buffer.from(s), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const css = readFileSync(process.argv[2], 'utf8');
const sheet = criticalSheet(css);
const html = readFileSync(process.argv[3], 'utf8');
const cut = process.argv[4];
const ENT: any = {'&amp;':'&','&quot;':'"','&#39;':"'",'&lt;':'<','&gt;':'>'};
function names(h: string) {
  const classes = new Set<string>();
  for (const [, v=''] of h.matchAll(/\sclass="([^"]*)"/g)) for (const n of v.replace(/&(amp|quot|#39|lt|gt);/g, e=>ENT[e]).split(/\s+/)) if (n) classes.add(n);
  return { classes, elements: new Set([...h.matchAll(/<([a-z][a-z0-9-]*)/g)].map(m=>m[1]!)) };
}
const whole = sheet.rulesFor(names(html));
console.log('whole page', whole.length, br(whole), 'sheet', css.length, br(css));
for (const c of cut.split(',')) {
  const i = html.indexOf(c); if (i < 0) { console.log('no', c); continue; }
  const part = sheet.rulesFor(names(html.slice(0, i)));
  console.log('up to', c.slice(0,40), i, part.length, br(part));
}
