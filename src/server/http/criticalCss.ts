import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from 'postcss';

/**
 * A page's first screen in one round trip: the rules its own elements use, inlined in the head,
 * and the whole stylesheet linked there for print, which a browser fetches at its lowest
 * priority and never waits for, then applied to the screen by the layout's script
 * (src/layouts/BaseLayout.astro) once it has arrived. A preload (the highest priority) finished
 * before the first paint, and Lighthouse's simulation counted the paint as waiting for it.
 * Without JavaScript a `<noscript>` link at the end of the body applies it. No inline script or
 * `onload` handler: the policy allows scripts by hash only.
 */

/** The build's stylesheet, as Astro links it in the head. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="\/_astro\/[^"]+\.css">/;

/**
 * States a page is never first painted in. Their rules come with the whole stylesheet, long
 * before a shopper can point at or focus anything.
 */
const INTERACTION_STATE = /:(hover|focus|focus-visible|focus-within|active)\b/;

/**
 * At-rules the first paint does without: animations, Tailwind's custom properties for browsers
 * without `@property` (older than Safari 16.4), and `color-mix()` colours, which a plain colour
 * of the same value before them stands in for.
 */
const followsWithSheet = ({ name, params }: AtRule) =>
  name === 'keyframes' ||
  (name === 'layer' && params === 'properties') ||
  (name === 'supports' && params.includes('color-mix'));

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
 * the link, the stylesheet linked there for print (marked `data-stylesheet` for the script that
 * applies it to the screen), and the link itself in a `<noscript>` at the end of the body. A page
 * without that link (the dev server injects its styles) comes back as it was.
 */
export function inlineCriticalCss(html: string, sheet: CriticalSheet): string {
  const link = STYLESHEET_LINK.exec(html);
  const bodyEnd = html.lastIndexOf('</body>');
  if (!link || bodyEnd === -1) return html;
  const style = `<style>${sheet.rulesFor({ classes: classesIn(html), elements: elementsIn(html) })}</style>`;
  const forPrint = link[0].replace('rel="stylesheet"', 'rel="stylesheet" media="print" data-stylesheet');
  return (
    html.slice(0, link.index) +
    style +
    forPrint +
    html.slice(link.index + link[0].length, bodyEnd) +
    `<noscript>${link[0]}</noscript>` +
    html.slice(bodyEnd)
  );
}
