import type { AstroCookies, AstroCookieSetOptions } from 'astro';

/**
 * Astro's cookies for an endpoint called without Astro's pipeline, which is what turns them into
 * `Set-Cookie` headers: what the endpoint sets is kept in `set` (name, value and options) for the
 * test to read. The request carries none.
 */
export function cookiesSetBy(): {
  cookies: AstroCookies;
  set: { name: string; value: string; options: AstroCookieSetOptions | undefined }[];
} {
  const set: { name: string; value: string; options: AstroCookieSetOptions | undefined }[] = [];
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
