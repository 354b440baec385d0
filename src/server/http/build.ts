import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCatalogueIndex } from '#src/lib/catalogueIndex.ts';
import type { DrawingTable } from '#src/components/productDrawings.ts';
import type { CatalogueItem } from '#src/lib/search.ts';
import { loadPagePolicies, type PagePolicies } from './headers.ts';
import { ISLAND_SCRIPTS } from './islandScripts.ts';
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
  /** Astro's island scripts the build wrote to files (src/integrations/islandScriptFiles.ts). */
  islandScripts: ReadonlySet<string>;
}

export async function loadBuild(dist: string): Promise<Build> {
  const { handler } = (await import(pathToFileURL(join(dist, 'server/entry.mjs')).href)) as {
    handler: AstroHandler;
  };
  const files = await indexStaticFiles(join(dist, 'client'));
  return {
    astro: handler,
    files,
    policies: await loadPagePolicies(join(dist, '_headers.json')),
    catalogue: await loadCatalogueIndex(join(dist, 'client/products/index.json')),
    drawnPictures: await loadDrawingTable(join(dist, 'client/products/pictures.json')),
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

/** The catalogue's index as the build wrote it, for the catalogue's pages. */
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
