import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { eachAtMost } from '#src/integrations/eachAtMost.ts';
import { contentTypeOf, isCompressible } from '#src/server/http/mime.ts';
import { compressedAs } from '#src/server/http/compression.ts';
import { sniffType } from '#src/server/http/static.ts';

/**
 * Brotli's best (quality 11) where a build has a fixed number of files: hashed assets (scripts,
 * styles), cached for a year, and the pages outside the catalogue (home, lists, information,
 * accounts), whose first response must fit one round trip. The catalogue's further pages and its
 * data, which grow with it, get quality 7: about 8% larger, at a twenty-fifth of the time. While
 * they are few (at most `BEST_WHILE_AT_MOST`), they get the best too. (Product pages are not built
 * in advance: the server renders each when first asked, and Astro's route cache keeps it
 * compressed at the best, src/server/http/routeCache.ts.)
 */
function brotliQuality(path: string, root: string, growingFew: boolean): number {
  return growingFew || !growsWithCatalogue(relative(root, path)) ? constants.BROTLI_MAX_QUALITY : 7;
}

/** Files whose number grows with the catalogue: the catalogue's pages and its data. */
const growsWithCatalogue = (file: string) =>
  !file.startsWith(`_astro${sep}`) && (!file.endsWith('.html') || file.startsWith(`products${sep}`));

/** Up to this many files that grow with the catalogue, a minute of one core at quality 11. */
const BEST_WHILE_AT_MOST = 800;

/**
 * Files compressed at once: enough to keep Node's thread pool (where zlib works) busy while
 * others are read and written, a few hundred MB at most. Each file compressed holds its contents
 * and two compressors' windows until done: all at once, a build of 2,400 products peaked at 19 GB.
 */
const COMPRESSED_AT_ONCE = 32;

/**
 * Writes `.br` and `.gz` copies of every text file of the build, so the
 * server (and any CDN or nginx with `gzip_static`) sends them without compressing per request.
 */
export function precompress(): AstroIntegration {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const all = await readdir(root, { recursive: true, withFileTypes: true });
        const files = all
          .filter((entry) => entry.isFile())
          .map((entry) => join(entry.parentPath, entry.name));
        const types = await Promise.all(
          files.map(async (path) => contentTypeOf(path) ?? (await sniffType(path))),
        );
        // Prerendered endpoints have no extension: their type is read from their first byte.
        const names = files.filter((_, index) => isCompressible(types[index] ?? ''));
        const growingFew =
          names.filter((path) => growsWithCatalogue(relative(root, path))).length <= BEST_WHILE_AT_MOST;
        let saved = 0;
        await eachAtMost(names, COMPRESSED_AT_ONCE, async (path) => {
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            compressedAs(source, 'br', brotliQuality(path, root, growingFew)),
            compressedAs(source, 'gzip'),
          ]);
          // A copy no smaller than the original is not worth a lookup.
          if (br.length < source.length) await writeFile(`${path}.br`, br);
          if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
          saved += source.length - br.length;
        });
        logger.info(
          `${names.length} text files precompressed (brotli saves ${Math.round(saved / 1024)} KiB)`,
        );
      },
    },
  };
}
