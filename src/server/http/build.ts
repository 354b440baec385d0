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

/** The catalogue's index as the build wrote it, for the catalogue's pages. */
async function loadCatalogueIndex(path: string): Promise<CatalogueItem[] | undefined> {
  try {
    const index = readCatalogueIndex(JSON.parse(await readFile(path, 'utf8')));
    if (index.success) return index.products;
  } catch {
    // Reported below.
  }
  console.error(`[server] ${path} is missing or unreadable: the catalogue's pages read it at each request.`);
  return undefined;
}

/** The product pictures as the build drew them, for the product pages. */
async function loadDrawingTable(path: string): Promise<DrawingTable | undefined> {
  try {
    const table: unknown = JSON.parse(await readFile(path, 'utf8'));
    const isRecord = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
    if (
      isRecord(table) &&
      isRecord((table as DrawingTable).pictures) &&
      isRecord((table as DrawingTable).covers)
    )
      return table as DrawingTable;
  } catch {
    // Reported below.
  }
  console.error(`[server] ${path} is missing or unreadable: product pages draw their pictures on request.`);
  return undefined;
}
