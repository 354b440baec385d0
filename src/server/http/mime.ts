const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  svg: 'image/svg+xml; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/** The Content-Type of a file by its extension; text types carry their charset. */
export function contentTypeOf(path: string): string | undefined {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? TYPES[path.slice(dot + 1).toLowerCase()] : undefined;
}

/** Types worth compressing: text. Images, fonts and video are compressed already. */
export function isCompressible(contentType: string): boolean {
  return /^(?:text\/|application\/(?:[\w.+-]+\+)?(?:json|xml|javascript)|image\/svg\+xml)/i.test(contentType);
}
