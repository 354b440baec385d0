import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, sep } from 'node:path';
import { negotiateEncoding, type Encoding } from './encoding.ts';
import { contentTypeOf, isCompressible } from './mime.ts';

interface Variant {
  /** Where its bytes are read from. */
  path: string;
  size: number;
  etag: string;
  /** Filled on first use for small files, so hot pages are served from memory. */
  bytes?: Buffer;
}

export interface StaticFile {
  contentType: string;
  cacheControl: string;
  lastModified: string;
  identity: Variant;
  /** Precompressed copies written by the build (`.br`, `.gz`), when smaller. */
  encoded: Partial<Record<Encoding, Variant>>;
}

const MEMORY_LIMIT = 1024 * 1024;
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Hashed build output never changes under its name; HTML is checked again on every visit. */
function cacheControlOf(urlPath: string, contentType: string): string {
  if (urlPath.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (contentType.startsWith('text/html')) return 'public, max-age=0, must-revalidate';
  return 'public, max-age=3600';
}

/** A build's prerendered endpoints have no extension: JSON ones are recognised by content. */
export async function sniffType(path: string): Promise<string> {
  const handle = await open(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1), 0, 1, 0);
    const first = bytesRead ? String.fromCharCode(buffer[0] ?? 0) : '';
    return first === '{' || first === '[' ? 'application/json; charset=utf-8' : 'application/octet-stream';
  } finally {
    await handle.close();
  }
}

/**
 * Indexes the built client directory once at start-up: URL path to file. Only indexed files are
 * ever served, so no request can reach outside the directory.
 */
export async function indexStaticFiles(root: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const names = new Set((await readdir(root, { recursive: true })).map((name) => name.split(sep).join('/')));
  for (const name of names) {
    if (/\.(br|gz)$/.test(name) || name.split('/').some((part) => part.startsWith('.'))) continue;
    const path = join(root, name);
    const info = await stat(path);
    if (!info.isFile()) continue;
    const urlPath = `/${name}`;
    const contentType = contentTypeOf(name) ?? (await sniffType(path));
    const variant = async (suffix: string, tag: string): Promise<Variant | undefined> => {
      if (!names.has(name + suffix)) return undefined;
      const encodedInfo = await stat(path + suffix);
      return {
        path: path + suffix,
        size: encodedInfo.size,
        etag: `"${info.size.toString(36)}-${info.mtimeMs.toString(36)}-${tag}"`,
      };
    };
    const encoded: StaticFile['encoded'] = {};
    for (const encoding of ['br', 'gzip'] as const) {
      const found = await variant(SUFFIX[encoding], encoding);
      if (found) encoded[encoding] = found;
    }
    const file: StaticFile = {
      contentType,
      cacheControl: cacheControlOf(urlPath, contentType),
      lastModified: info.mtime.toUTCString(),
      identity: { path, size: info.size, etag: `"${info.size.toString(36)}-${info.mtimeMs.toString(36)}"` },
      encoded,
    };
    files.set(urlPath, file);
    if (name === 'index.html' || name.endsWith('/index.html')) {
      const directory = urlPath.slice(0, -'index.html'.length);
      files.set(directory, file);
      if (directory !== '/') files.set(directory.slice(0, -1), file);
    }
  }
  return files;
}

/** The file a request path names, if the build has it. */
export function findStaticFile(files: Map<string, StaticFile>, pathname: string): StaticFile | undefined {
  return files.get(pathname) ?? (pathname.endsWith('/') ? undefined : files.get(`${pathname}/`));
}

/** Which byte range of `size` a `Range: bytes=a-b` header asks for (one range only). */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'invalid';
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start <= end && start < size ? { start, end } : 'invalid';
}

/**
 * Sends a static file with the best precompressed copy the client accepts, validators for
 * 304s, and byte ranges for uncompressed files (video seeking).
 */
export async function sendStaticFile(
  file: StaticFile,
  req: IncomingMessage,
  res: ServerResponse,
  status = 200,
): Promise<void> {
  const encoding = isCompressible(file.contentType)
    ? negotiateEncoding(req.headers['accept-encoding'])
    : undefined;
  const chosen = encoding ? file.encoded[encoding] : undefined;
  const variant = chosen ?? file.identity;

  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('Last-Modified', file.lastModified);
  res.setHeader('ETag', variant.etag);
  if (isCompressible(file.contentType)) res.setHeader('Vary', 'Accept-Encoding');
  if (chosen && encoding) res.setHeader('Content-Encoding', encoding);

  if (status === 200 && isFresh(req, variant.etag, file.lastModified)) {
    res.statusCode = 304;
    res.end();
    return;
  }

  let start = 0;
  let end = variant.size - 1;
  if (status === 200 && !chosen) {
    res.setHeader('Accept-Ranges', 'bytes');
    const range = parseRange(req.headers.range, variant.size);
    if (range === 'invalid') {
      res.statusCode = 416;
      res.setHeader('Content-Range', `bytes */${variant.size}`);
      res.end();
      return;
    }
    if (range) {
      ({ start, end } = range);
      status = 206;
      res.setHeader('Content-Range', `bytes ${start}-${end}/${variant.size}`);
    }
  }
  res.statusCode = status;
  res.setHeader('Content-Length', end - start + 1);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (variant.bytes || variant.size <= MEMORY_LIMIT) {
    variant.bytes ??= await readFile(variant.path);
    res.end(variant.bytes.subarray(start, end + 1));
    return;
  }
  createReadStream(variant.path, { start, end })
    .on('error', () => res.destroy())
    .pipe(res);
}

/** Whether an `If-None-Match` header names `etag` (weakly or not), or any. */
export const namesETag = (ifNoneMatch: string, etag: string): boolean =>
  ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

/** A content tag for an ETag: the start of the bytes' SHA-256, URL-safe. */
export const contentTag = (bytes: Uint8Array | string): string =>
  createHash('sha256').update(bytes).digest('base64url').slice(0, 22);

function isFresh(req: IncomingMessage, etag: string, lastModified: string): boolean {
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch !== undefined) return namesETag(ifNoneMatch, etag);
  const ifModifiedSince = req.headers['if-modified-since'];
  return ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Date.parse(lastModified);
}
