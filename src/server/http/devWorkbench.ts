import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

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
        // file finds them missing; a picture arriving in images/<id>/ has product <id> read again.
        const imagesDir = join(productsDir, 'images');
        server.watcher.on('add', (file) => {
          const [id, ...rest] = relative(imagesDir, file).split(sep);
          if (!id || id === '..' || rest.length === 0) return;
          const markdown = join(productsDir, `${id}.md`);
          if (existsSync(markdown)) server.watcher.emit('change', markdown);
        });
      },
    },
  };
}
