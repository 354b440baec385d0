import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Encoding } from './encoding.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Above this size an answer the server keeps is compressed at `LARGE_BROTLI_QUALITY`: at 20,000
 * products the catalogue's index is about 31 MB, which brotli's best takes minutes over.
 */
const LARGE_ANSWER = 1024 * 1024;
const LARGE_BROTLI_QUALITY = 7;

/** The brotli quality for an answer of `size` bytes kept once compressed: the best unless large. */
export const keptQuality = (size: number): number =>
  size > LARGE_ANSWER ? LARGE_BROTLI_QUALITY : constants.BROTLI_MAX_QUALITY;

/**
 * `body` compressed once to be kept: the one place copies are made, for the build's files
 * (src/integrations/precompress.ts) and the answers Astro's route cache keeps
 * (src/server/http/routeCache.ts). Brotli at `brotliQuality`, gzip at its best, on Node's thread
 * pool, so the process goes on with other work meanwhile.
 */
export function compressedAs(
  body: Buffer,
  encoding: Encoding,
  brotliQuality: number = constants.BROTLI_MAX_QUALITY,
): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
