import { defineMiddleware } from 'astro:middleware';
import { lazySession } from '#src/server/identity/index.ts';
import { isCrossSiteWrite } from '#src/server/api/origin.ts';
import { refuse, reply } from '#src/server/api/respond.ts';
import { withRequestWait } from '#src/server/store/requestWait.ts';
import { loadIslandScriptsFromFiles } from '#src/firstPaint/server/islandScripts.ts';
import { deferPastFirstPaint } from '#src/firstPaint/server/afterFirstPaint.ts';
import { moveIslandStyleToHead } from '#src/firstPaint/server/islandStyle.ts';
import { criticalSheet, inlineCriticalCss, type CriticalSheet } from '#src/firstPaint/server/criticalCss.ts';
// The stylesheet BaseLayout links, as a string: each page inlines the part its first paint needs.
import stylesheet from '#src/styles/global.css?inline';

let sheet: CriticalSheet | undefined;

/**
 * Answers unknown API addresses in JSON; refuses writes sent by another site's pages (CSRF),
 * whatever their content type; gives on-demand routes the shopper's session (looked up only if
 * they ask) and one bound on their wait for the database in all; keeps every page, prerendered or
 * not, valid HTML, with its first paint's CSS inlined, what that paint does without asked for so
 * as not to hold it back, and Astro's island scripts loaded from files.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  // An API address no route answers gets the API's JSON shape, not the shoppers' 404 page.
  if (context.routePattern === '/404' && context.url.pathname.startsWith('/api/')) {
    return reply(404, false, 'There is no API at this address.');
  }
  let renewedCookie = (): string | undefined => undefined;
  if (!context.isPrerendered) {
    if (isCrossSiteWrite(context.request, context.url, context.site)) {
      return refuse(403, 'Requests from other sites are not accepted.');
    }
    const lazy = lazySession(context);
    context.locals.session = lazy.session;
    renewedCookie = lazy.renewedCookie;
  }
  const response = await withRequestWait(next);
  const cookie = renewedCookie();
  if (cookie && !response.headers.has('set-cookie')) response.headers.append('Set-Cookie', cookie);
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  sheet ??= criticalSheet(stylesheet);
  let html = deferPastFirstPaint(inlineCriticalCss(moveIslandStyleToHead(await response.text()), sheet));
  // Prerendered pages get theirs at the end of the build (src/firstPaint/build/islandScriptFiles.ts).
  const files = context.locals.islandScripts;
  if (files) html = loadIslandScriptsFromFiles(html, (path) => files.has(path));
  return new Response(html, response);
});
