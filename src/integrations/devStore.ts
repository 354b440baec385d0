import type { AstroIntegration } from 'astro';

/**
 * `astro dev` has no server of ours in front to open the database: this adds, in development
 * only, a middleware that hands pages and endpoints the store and identity the same way
 * (`locals.store`, `locals.identity`), before the shop's own middleware reads them.
 */
export function devStore(): AstroIntegration {
  return {
    name: 'dev-store',
    hooks: {
      'astro:config:setup': ({ command, addMiddleware }) => {
        if (command !== 'dev') return;
        addMiddleware({ entrypoint: new URL('./devStoreMiddleware.ts', import.meta.url), order: 'pre' });
      },
    },
  };
}
