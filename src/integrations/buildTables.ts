import { rename, rm } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';

/**
 * The build's own tables (src/pages/build-tables/): drawn with the pages, where Markdown and
 * pictures are at hand, and read by the server at start and by the merchant's commands.
 */
export const BUILD_TABLES = 'build-tables';

/**
 * Moves the tables from `dist/client` to beside it, so they are never served: what shoppers and
 * API clients read is rendered on request, with the stock as it stands.
 */
export function buildTables(): AstroIntegration {
  return {
    name: 'build-tables',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const moved = new URL(`../${BUILD_TABLES}/`, dir);
        await rm(moved, { recursive: true, force: true });
        await rename(new URL(`${BUILD_TABLES}/`, dir), moved);
      },
    },
  };
}
