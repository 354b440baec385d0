const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True for a state-changing request a browser sent from another site. Astro's own origin check
 * only covers form content types; this one covers every type, JSON included. A request without
 * `Origin` is not from a browser page (browsers always send it on POST) and passes.
 */
export function isCrossSiteWrite(request: Request, url: URL, site: URL | undefined): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers.get('sec-fetch-site') === 'cross-site') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  if (!URL.canParse(origin)) return true;
  const from = new URL(origin);
  // The host alone: behind a TLS proxy the server sees http while the page was https.
  return from.host !== url.host && from.origin !== site?.origin;
}
