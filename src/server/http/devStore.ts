import type { AstroIntegration } from 'astro';
import { identityFromEnv } from '../identity/index.ts';
import { storeFromEnv } from '../store/index.ts';

/**
 * `astro dev` has no server of ours in front: this hands the endpoints the store the same way
 * (as `locals.store`), through the request field Astro's dev server reads locals from.
 */
export function devStore(): AstroIntegration {
  return {
    name: 'dev-store',
    hooks: {
      'astro:server:setup': ({ server }) => {
        const store = storeFromEnv();
        const identity = identityFromEnv();
        server.middlewares.use((req, _res, next) => {
          Reflect.set(req, Symbol.for('astro.locals'), { store, identity });
          next();
        });
        server.httpServer?.once('close', () => void store.close());
      },
    },
  };
}
