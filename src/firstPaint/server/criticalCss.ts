import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from 'postcss';

/**
 * A page's first screen in one round trip: the rules its own elements use, inlined in the head,
 * and the whole stylesheet linked there `disabled`, which a browser does not fetch, until the
 * layout's script (src/layouts/BaseLayout.astro) enables it after the first contentful paint. A
 * preload (the highest priority) and then a link for print (the lowest) both finished before the
 * first paint, and Lighthouse's simulation counted the paint as waiting for them, with the
 * stylesheet's parsing. Without JavaScript a `<noscript>` link at the end of the body applies it.
 * No inline script or `onload` handler: the policy allows scripts by hash only.
 */

/** The build's stylesheet, as Astro links it in the head. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="\/_astro\/[^"]+\.css">/;

/**
 * Where the rest of a long page begins, below its first screen: an element marked
 * `data-after-first-screen` that runs to the end of `<main>`. What follows (it, and the footer)
 * takes its rules from the whole stylesheet, so the first round trip carries only the first
 * screen's (on a product page, 1 KB less).
 */
const AFTER_FIRST_SCREEN = /<[a-z][a-z0-9-]*\sdata-after-first-screen[\s>]/;

/**
 * Until the whole stylesheet has been applied (the layout's script marks the root `data-styled`),
 * the rest of the page is laid out but not drawn: a screen taller than the first shows it styled
 * or not at all, never half-styled and then moving. Without scripting, the stylesheet linked in
 * `<noscript>` styles it before it is drawn.
 */
const REST_HIDDEN_UNTIL_STYLED =
  '@media (scripting:enabled){html:not([data-styled]) :is([data-after-first-screen],main:has([data-after-first-screen])~footer){visibility:hidden}}';

/**
 * States a page is never first painted in. Their rules come with the whole stylesheet, long
 * before a shopper can point at or focus anything.
 */
const INTERACTION_STATE = /:(hover|focus|focus-visible|focus-within|active)\b/;

/**
 * At-rules the first paint does without: animations, Tailwind's custom properties for browsers
 * without `@property` (older than Safari 16.4), `color-mix()` colours, which a plain colour of the
 * same value before them stands in for, and a high-contrast theme's outlines of chosen states
 * (forced colours), which the whole stylesheet brings a moment later.
 */
const followsWithSheet = ({ name, params }: AtRule) =>
  name === 'keyframes' ||
  (name === 'layer' && params === 'properties') ||
  (name === 'supports' && params.includes('color-mix')) ||
  (name === 'media' && params.includes('forced-colors'));

/** `\:` and `\31 ` as a class name is written in a selector, back to the name. */
function unescapeClass(escaped: string): string {
  return escaped.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|(.))/g, (_, hex?: string, char?: string) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );
}

/** A name in a selector, escapes included (`\:`, `\31 `). */
const NAME = String.raw`(?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+`;

/** The class names a selector requires (those under `:not()` it requires absent). */
function classesOf(selector: string): string[] {
  return [...selector.replace(/:not\([^()]*\)/g, '').matchAll(new RegExp(String.raw`\.(${NAME})`, 'g'))].map(
    (match) => unescapeClass(match[1] ?? ''),
  );
}

/** The element names a selector requires, outside `:is()`, `:where()`, `:not()` and `:has()`. */
function elementsOf(selector: string): string[] {
  const bare = selector
    .replace(/:(is|where|not|has)\([^()]*\)/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(new RegExp(String.raw`(::?|[.#])${NAME}`, 'g'), '');
  return [...bare.matchAll(/(?:^|[\s>+~])([a-z][a-z0-9-]*)/g)].map((match) => match[1] ?? '');
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** Elements whose end tag is implied: they hold nothing. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Elements whose text may hold `<` unescaped: skipped to their end tag. */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title']);
/** A start or end tag, its attributes' quoted values (which may hold `>`) included. */
const TAG = /<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
/** A class list that gives its element a box of its own at some width (`lg:block`, `flex`). */
const SHOWN_BY_CLASS =
  /(?:^|[\s:])(?:block|flex|grid|inline|inline-block|inline-flex|inline-grid|contents|table|flow-root)(?:\s|$)/;

/**
 * Whether an element with this start tag is not drawn on a page's first paint, nor anything in
 * it: a template, an element `hidden` (Tailwind's base makes that `display: none !important`),
 * and a popover or a closed dialog unless a class of its own shows it (the catalogue's filters
 * stand open from the wide layout up). Popovers and dialogs opened later find the whole
 * stylesheet applied long before a shopper can open them.
 */
function undrawn(name: string, attributes: string): boolean {
  const bare = attributes.replace(/"[^"]*"|'[^']*'/g, '""');
  const has = (attribute: string) => new RegExp(String.raw`\s${attribute}(?=[\s=/]|$)`).test(bare);
  if (name === 'template' || has('hidden')) return true;
  if (!has('popover') && !(name === 'dialog' && !has('open'))) return false;
  const classes = /\sclass="([^"]*)"/.exec(attributes)?.[1] ?? '';
  return !SHOWN_BY_CLASS.test(classes);
}

/** `html` without the elements its first paint does not draw (`undrawn`), nor their contents. */
export function drawnAtFirstPaint(html: string): string {
  // Its own copy: the scan moves `lastIndex` past raw text.
  const tags = new RegExp(TAG);
  const open: string[] = [];
  let skipFrom = -1;
  let skipDepth = 0;
  let kept = '';
  let keptUpTo = 0;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    const [tag, closing, rawName = '', attributes = ''] = match;
    const name = rawName.toLowerCase();
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at === -1) continue;
      open.length = at;
      if (skipFrom !== -1 && open.length < skipDepth) {
        kept += html.slice(keptUpTo, skipFrom);
        keptUpTo = match.index + tag.length;
        skipFrom = -1;
      }
      continue;
    }
    if (RAW_TEXT_ELEMENTS.has(name)) {
      const end = html.indexOf(`</${name}`, tags.lastIndex);
      if (end !== -1) tags.lastIndex = end;
    }
    if (VOID_ELEMENTS.has(name) || tag.endsWith('/>')) continue;
    open.push(name);
    if (skipFrom === -1 && undrawn(name, attributes)) {
      skipFrom = match.index;
      skipDepth = open.length;
    }
  }
  return kept + html.slice(keptUpTo, skipFrom === -1 ? undefined : skipFrom);
}

/** Every element name in `html`. */
const elementsIn = (html: string): Set<string> =>
  new Set([...html.matchAll(/<([a-z][a-z0-9-]*)/g)].map((match) => match[1] ?? ''));

/** Every class name written in `html`'s class attributes. */
function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ''] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = value.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
    for (const name of decoded.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Custom properties `css` reads. */
const varsReadBy = (css: string) => [...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1] ?? '');

interface Selector {
  text: string;
  classes: string[];
  elements: string[];
}

/** What a page has that selectors ask for. */
interface PageNames {
  classes: ReadonlySet<string>;
  elements: ReadonlySet<string>;
}

/** A stylesheet parsed once, for every page that inlines from it. */
export interface CriticalSheet {
  /** The part of the sheet a page with these names needs for its first paint. */
  rulesFor(page: PageNames): string;
}

/**
 * Rules whose classes and elements the page has (a selector with neither, always), interaction
 * states left out; of the theme's variables and the `@property` registrations, only those the kept
 * rules read.
 */
export function criticalSheet(css: string): CriticalSheet {
  const root = postcss.parse(css);
  const selectors = new Map<Rule, Selector[]>();
  root.walkRules((rule) => {
    selectors.set(
      rule,
      rule.selectors
        .filter((text) => !INTERACTION_STATE.test(text))
        .map((text) => ({ text, classes: classesOf(text), elements: elementsOf(text) })),
    );
  });
  const isTheme = (node: ChildNode) =>
    node.type === 'atrule' && node.name === 'layer' && node.params === 'theme';
  const themeVariables: Declaration[] = [];
  root.walkDecls(/^--/, (decl) => {
    if (decl.parent?.parent && isTheme(decl.parent.parent as ChildNode)) themeVariables.push(decl);
  });
  const isProperty = (node: ChildNode): node is AtRule => node.type === 'atrule' && node.name === 'property';

  /**
   * `node` as CSS with only the selectors `matches` accepts and the declarations `keep` accepts;
   * '' when nothing is left.
   */
  function emit(
    node: ChildNode,
    matches: (s: Selector) => boolean,
    keep: (decl: Declaration) => boolean,
  ): string {
    if (node.type === 'decl') return keep(node) ? node.toString() : '';
    if (node.type === 'rule') {
      const kept = (selectors.get(node) ?? []).filter(matches);
      const body = kept.length ? node.nodes.map((child) => emit(child, matches, keep)).filter(Boolean) : [];
      return body.length ? `${kept.map((s) => s.text).join(',')}{${body.join(';')}}` : '';
    }
    if (node.type !== 'atrule' || followsWithSheet(node)) return '';
    const prelude = `@${node.name}${node.params ? ` ${node.params}` : ''}`;
    // `@layer a, b;` has no body, and keeps the layers' order.
    if (node.nodes === undefined) return `${prelude};`;
    const body = node.nodes.map((child) => emit(child, matches, keep)).filter(Boolean);
    if (body.length === 0) return '';
    return `${prelude}{${body.join(node.nodes.some((child) => child.type === 'decl') ? ';' : '')}}`;
  }

  return {
    rulesFor({ classes, elements }) {
      const matches = (s: Selector) =>
        s.classes.every((name) => classes.has(name)) && s.elements.every((name) => elements.has(name));
      const rules = root.nodes.map((node) =>
        isTheme(node) || isProperty(node) ? '' : emit(node, matches, () => true),
      );
      // The theme's variables and registered properties the rules read, and those they read in turn.
      const read = new Set(varsReadBy(rules.join('')));
      for (let before = -1; before !== read.size;) {
        before = read.size;
        for (const { prop, value } of themeVariables) {
          if (read.has(prop)) for (const name of varsReadBy(value)) read.add(name);
        }
      }
      const readVariable = (decl: Declaration) => !decl.prop.startsWith('--') || read.has(decl.prop);
      return root.nodes
        .map((node, index) => {
          if (isTheme(node)) return emit(node, matches, readVariable);
          if (isProperty(node)) return read.has(node.params) ? node.toString() : '';
          return rules[index];
        })
        .join('');
    },
  };
}

/**
 * `html` with the first paint's rules of `sheet` (the stylesheet it links) inlined in place of
 * the link, the stylesheet linked there disabled (marked `data-stylesheet` for the script that
 * enables it), and the link itself in a `<noscript>` at the end of the body. The
 * rules are those of the first screen: the whole page, or what comes before the rest of it
 * (`data-after-first-screen`). A page without that link (the dev server injects its styles)
 * comes back as it was.
 */
export function inlineCriticalCss(html: string, sheet: CriticalSheet): string {
  const link = STYLESHEET_LINK.exec(html);
  const bodyEnd = html.lastIndexOf('</body>');
  if (!link || bodyEnd === -1) return html;
  const rest = AFTER_FIRST_SCREEN.exec(html);
  const firstScreen = drawnAtFirstPaint(rest ? html.slice(0, rest.index) : html);
  const rules = sheet.rulesFor({ classes: classesIn(firstScreen), elements: elementsIn(firstScreen) });
  const style = `<style>${rules}${rest ? REST_HIDDEN_UNTIL_STYLED : ''}</style>`;
  const disabled = link[0].replace('rel="stylesheet"', 'rel="stylesheet" disabled data-stylesheet');
  return (
    html.slice(0, link.index) +
    style +
    disabled +
    html.slice(link.index + link[0].length, bodyEnd) +
    `<noscript>${link[0]}</noscript>` +
    html.slice(bodyEnd)
  );
}
