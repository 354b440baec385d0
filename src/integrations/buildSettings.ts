import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { showsDemoBanner } from '#src/lib/demoMode.ts';

/** Beside `dist/client`: what the build drew its pages with, read by the server at start. */
export const BUILD_SETTINGS_FILE = 'build-settings.json';

/**
 * Writes the settings the prerendered pages were drawn with. Pages drawn on request follow the
 * server's own settings, so a build served with others mixed both: a demo build served with an
 * SMS provider told shoppers on every static page that each code is 123456
 * (src/server/http/build.ts refuses that).
 */
export function buildSettings(): AstroIntegration {
  return {
    name: 'build-settings',
    hooks: {
      'astro:build:done': async ({ dir }) => {
        const settings = { demoBanner: showsDemoBanner(process.env) };
        await writeFile(new URL(`../${BUILD_SETTINGS_FILE}`, dir), `${JSON.stringify(settings)}\n`);
      },
    },
  };
}
