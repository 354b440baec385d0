import { defineMiddleware } from 'astro:middleware';
import { isCrossSiteWrite } from './server/api/origin.ts';
import { refuse } from './server/api/respond.ts';

/** Refuses writes sent by another site's pages (CSRF), whatever their content type. */
export const onRequest = defineMiddleware((context, next) => {
  if (!context.isPrerendered && isCrossSiteWrite(context.request, context.url, context.site)) {
    return refuse(403, 'Requests from other sites are not accepted.');
  }
  return next();
});
