import type { AstroCookies, AstroCookieSetOptions } from 'astro';

interface CookieSet {
  name: string;
  value: string;
  options: AstroCookieSetOptions | undefined;
}

/**
 * Astro's cookies for an endpoint called without Astro's pipeline, which is what turns them into
 * `Set-Cookie` headers: what the endpoint sets is kept in `set` for the test to read. The request
 * carries none.
 */
export function cookiesSetBy(): { cookies: AstroCookies; set: CookieSet[] } {
  const set: CookieSet[] = [];
  const cookies = {
    get: () => undefined,
    has: () => false,
    set: (name: string, value: string, options?: AstroCookieSetOptions) => {
      set.push({ name, value, options });
    },
    delete: () => undefined,
  } as unknown as AstroCookies;
  return { cookies, set };
}
