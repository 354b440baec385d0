// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

/** Registers `client:interaction`, the hydration the home page uses to keep React off first paint. */
const interactionDirective = {
  name: 'client-interaction',
  hooks: {
    /** @param {{ addClientDirective: (d: { name: string; entrypoint: string }) => void }} options */
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'interaction',
        entrypoint: './src/directives/interaction.ts',
      });
    },
  },
};

export default defineConfig({
  site: process.env.SITE_URL ?? 'http://localhost:4321',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), sitemap(), interactionDirective],
  vite: {
    plugins: [tailwindcss()],
  },
});
