/**
 * The `<style>` Astro writes just before a page's first island. In the body HTML allows a style
 * element only as the first child of its parent, so the page is valid only with it in the head.
 */
const ISLAND_STYLE = /<style>astro-island,[^<]*<\/style>/;

/** `html` with Astro's island style moved from the body to the end of the head. */
export function moveIslandStyleToHead(html: string): string {
  const headEnd = html.indexOf('</head>');
  const match = ISLAND_STYLE.exec(html);
  if (!match || headEnd === -1 || match.index < headEnd) return html;
  const [style] = match;
  return (
    html.slice(0, headEnd) + style + html.slice(headEnd, match.index) + html.slice(match.index + style.length)
  );
}
