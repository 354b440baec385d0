import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** How long after a product's last picture arrives its Markdown is read again. */
const PICTURES_SETTLE_MS = 300;

/** Where Keystatic serves its admin UI. */
const WORKBENCH_PATH = /^\/keystatic(\/|$|\?)/;

/** Drops the Content-Security-Policy from the headers a response is about to send. */
function withoutContentSecurityPolicy(response: ServerResponse) {
  const writeHead = response.writeHead.bind(response);
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const headers = args.at(-1);
    if (headers && typeof headers === 'object' && !Array.isArray(headers)) {
      for (const name of Object.keys(headers)) {
        if (name.toLowerCase() === 'content-security-policy') Reflect.deleteProperty(headers, name);
      }
    }
    this.removeHeader('content-security-policy');
    return Reflect.apply(writeHead, undefined, args) as ServerResponse;
  };
}

/**
 * The content editors' workbench (Keystatic at /keystatic), added by `astro dev` only: the
 * production build never loads Keystatic and has no route that writes content.
 */
export function devWorkbench(): AstroIntegration {
  let productsDir = '';
  return {
    name: 'dev-workbench',
    hooks: {
      'astro:config:setup': async ({ command, config, updateConfig }) => {
        if (command !== 'dev') return;
        productsDir = fileURLToPath(new URL('src/content/products/', config.root));
        const { default: keystatic } = await import('@keystatic/astro');
        updateConfig({ integrations: [keystatic()] });
      },
      'astro:server:setup': ({ server }) => {
        // The shop's policy allows its own scripts by hash; Keystatic's page is a client-only React
        // app whose inline scripts Astro does not hash, so the local admin UI goes without it.
        server.middlewares.use((request, response, next) => {
          if (WORKBENCH_PATH.test(request.url ?? '')) withoutContentSecurityPolicy(response);
          next();
        });
        // Keystatic writes a new product's Markdown before its pictures, so the first check of the
        // file finds them missing. Once a product's pictures stop arriving (images/<id>/), its
        // Markdown is read again; a moment later the route cache is cleared once more, since a page
        // request in flight during the reload can otherwise keep the old list of products.
        const imagesDir = join(productsDir, 'images');
        const settling = new Map<string, ReturnType<typeof setTimeout>>();
        const rereadWhenSettled = (file: string) => {
          const [id, ...rest] = relative(imagesDir, file).split(sep);
          if (!id || id === '..' || rest.length === 0) return;
          clearTimeout(settling.get(id));
          settling.set(
            id,
            setTimeout(() => {
              settling.delete(id);
              const markdown = join(productsDir, `${id}.md`);
              if (!existsSync(markdown)) return;
              server.watcher.emit('change', markdown);
              setTimeout(() => server.environments.ssr?.hot.send('astro:content-changed', {}), 2_000);
            }, PICTURES_SETTLE_MS),
          );
        };
        server.watcher.on('add', rereadWhenSettled);
        server.watcher.on('change', rereadWhenSettled);
      },
    },
  };
}
