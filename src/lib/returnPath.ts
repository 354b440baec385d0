/** Where `/auth` sends a shopper after sign-in when nothing else is asked for. */
const HOME = '/';

const BASE = 'http://this.site';
/** What no return address holds, as written or decoded: a browser may read `\` as `/`. */
const UNSAFE = /[\\\p{Cc}]/u;

/** `value` decoded until it no longer changes (`%252F` is `%2F` is `/`); undefined when malformed. */
function fullyDecoded(value: string): string | undefined {
  let decoded = value;
  // More rounds than any real link needs: beyond them it is an attack, refused.
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return undefined;
    }
    if (next === decoded) return decoded;
    decoded = next;
  }
  return undefined;
}

/** `value` normalised as a path on this site (`/a/../b` is `/b`), or undefined when it leaves it. */
function pathOnSite(value: string): string | undefined {
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE.test(value)) return undefined;
  if (!URL.canParse(value, BASE)) return undefined;
  const url = new URL(value, BASE);
  // `/.//host` normalises to `//host`, which a browser reads as another host.
  if (url.origin !== BASE || url.pathname.startsWith('//')) return undefined;
  return url.pathname + url.search + url.hash;
}

/**
 * The place to return to (after sign-in, after sign-out), if `value` is a path on this site
 * (`/checkout`, `/products/sumac?x=1#reviews`); anything else answers `/`, so no return address
 * is an open redirect. Its path is checked as written and again fully decoded, each normalised:
 * another site, `//host`, `/\host`, `/.//host`, `/%2F%2Fhost`, `/%5Chost`, a scheme, a control
 * character or a space all go home.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || /\s/u.test(value)) return HOME;
  // The path alone decides where a browser goes: a query may hold any text (`?q=100%25`).
  const decoded = fullyDecoded(value.split(/[?#]/u, 1)[0] ?? '');
  const decodedPath = decoded?.split(/[?#]/u, 1)[0];
  if (decodedPath === undefined || pathOnSite(decodedPath) === undefined) return HOME;
  return pathOnSite(value) ?? HOME;
}

/** `/auth`, asked to return to `next` once the shopper has signed in. */
export function signInPath(next: string): string {
  const path = safeReturnPath(next);
  return path === HOME ? '/auth' : `/auth?next=${encodeURIComponent(path)}`;
}
