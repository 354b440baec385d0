import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCatalogueIndex, type CatalogueItem } from '#src/lib/catalogueIndex.ts';
import { showsDemoBanner, siteOnThisMachine } from '#src/lib/demoMode.ts';
import { BUILD_SETTINGS_FILE } from '#src/integrations/buildSettings.ts';
import { BUILD_TABLES } from '#src/integrations/buildTables.ts';
import type { DrawingTable } from '#src/build/productDrawings.ts';
import { loadPagePolicies, type PagePolicies } from './headers.ts';
import { ISLAND_SCRIPTS } from '#src/firstPaint/server/islandScripts.ts';
import { indexStaticFiles, type StaticFile } from './static.ts';

/** The handler `@astrojs/node` builds in `middleware` mode. */
type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: undefined,
  locals: App.Locals,
) => Promise<void>;

/** What the server reads from `dist/` once, at start. */
export interface Build {
  /** Astro's handler for every route rendered on demand. */
  astro: AstroHandler;
  /** `dist/client`, by URL path. */
  files: Map<string, StaticFile>;
  /** Each prerendered page's Content-Security-Policy. */
  policies: PagePolicies;
  /** The catalogue's compact index, for the catalogue's pages (undefined: they read it each time). */
  catalogue: CatalogueItem[] | undefined;
  /** Every product picture as the build drew it, for product pages (undefined: they draw their own). */
  drawnPictures: DrawingTable | undefined;
  /** Astro's island scripts the build wrote to files (src/firstPaint/build/islandScriptFiles.ts). */
  islandScripts: ReadonlySet<string>;
}

/**
 * Why the build cannot be served with these settings (undefined: it can). Its prerendered pages
 * carry the "Demo shop" banner or not as it was built, and the pages drawn on request follow the
 * server: a demo shop's pages all say so, and a public shop's never give the demo's code. A
 * demo build served on this machine with an SMS provider (a developer trying real texts) is let
 * be.
 */
export function settingsBuiltFor(
  built: unknown,
  env: Record<string, string | undefined>,
): string | undefined {
  if (!isRecord(built) || typeof built['demoBanner'] !== 'boolean') return undefined;
  const demoBanner = showsDemoBanner(env);
  if (built['demoBanner'] === demoBanner) return undefined;
  if (built['demoBanner'] && siteOnThisMachine(env)) return undefined;
  return built['demoBanner']
    ? 'this build was made for a demo shop and its pages say "Demo shop", which these settings are not. Build again with these settings (npm start), or serve with the build\'s.'
    : 'these settings make a demo shop, but this build\'s pages were drawn without its "Demo shop" banner. Build again with these settings (npm start).';
}

/** The build in `dist`, or why it cannot be served with the settings in `env`. */
export async function loadBuild(dist: string, env: Record<string, string | undefined>): Promise<Build> {
  const built: unknown = await readFile(join(dist, BUILD_SETTINGS_FILE), 'utf8').then(
    (text): unknown => JSON.parse(text),
    // A build from before the file was written: nothing to compare.
    () => undefined,
  );
  const mismatch = settingsBuiltFor(built, env);
  if (mismatch) throw new Error(mismatch);
  const { handler } = (await import(pathToFileURL(join(dist, 'server/entry.mjs')).href)) as {
    handler: AstroHandler;
  };
  const files = await indexStaticFiles(join(dist, 'client'));
  return {
    astro: handler,
    files,
    policies: await loadPagePolicies(join(dist, '_headers.json')),
    catalogue: await loadCatalogueIndex(join(dist, BUILD_TABLES, 'catalogue.json')),
    drawnPictures: await loadDrawingTable(join(dist, BUILD_TABLES, 'pictures.json')),
    islandScripts: new Set([...files.keys()].filter((path) => path.startsWith(ISLAND_SCRIPTS))),
  };
}

/**
 * A JSON file the build wrote, as `read` takes it (undefined: not what it should be). Missing or
 * unreadable, it is reported with what the shop does `without` it.
 */
async function loadBuiltJson<T>(
  path: string,
  read: (json: unknown) => T | undefined,
  without: string,
): Promise<T | undefined> {
  try {
    const value = read(JSON.parse(await readFile(path, 'utf8')));
    if (value !== undefined) return value;
  } catch {
    // Reported below.
  }
  console.error(`[server] ${path} is missing or unreadable: ${without}.`);
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every product's card as the build drew it, for the catalogue's pages and index. */
export const loadCatalogueIndex = (path: string) =>
  loadBuiltJson(
    path,
    (json) => {
      const index = readCatalogueIndex(json);
      return index.success ? index.products : undefined;
    },
    "the catalogue's pages read it at each request",
  );

/** The product pictures as the build drew them, for the product pages. */
export const loadDrawingTable = (path: string) =>
  loadBuiltJson(
    path,
    (json) =>
      isRecord(json) && isRecord(json['pictures']) && isRecord(json['covers'])
        ? (json as unknown as DrawingTable)
        : undefined,
    'product pages draw their pictures on request',
  );
