import { defineMiddleware } from 'astro:middleware';
import { isCrossSiteWrite } from './server/api/origin.ts';
import { refuse } from './server/api/respond.ts';
import { moveIslandStyleToHead } from './server/http/islandStyle.ts';

/**
 * Refuses writes sent by another site's pages (CSRF), whatever their content type, and keeps
 * every page, prerendered or not, valid HTML.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  if (!context.isPrerendered && isCrossSiteWrite(context.request, context.url, context.site)) {
    return refuse(403, 'Requests from other sites are not accepted.');
  }
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(moveIslandStyleToHead(await response.text()), response);
});
