/** Where `/auth` sends a shopper after sign-in when nothing else is asked for. */
const HOME = '/';

/**
 * The place to return to after sign-in, if `value` is a path on this site (`/checkout`,
 * `/products/sumac?x=1#reviews`); anything else (another site, `//host`, `/\host`, a scheme, a
 * control character) is ignored and answers `/`, so the sign-in page is never an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || /[\\\p{Cc}\s]/u.test(value) || value.startsWith('//')) return HOME;
  const base = 'http://this.site';
  try {
    const url = new URL(value, base);
    return url.origin === base ? url.pathname + url.search + url.hash : HOME;
  } catch {
    return HOME;
  }
}

/** `/auth`, asked to return to `next` once the shopper has signed in. */
export function signInPath(next: string): string {
  const path = safeReturnPath(next);
  return path === HOME ? '/auth' : `/auth?next=${encodeURIComponent(path)}`;
}
