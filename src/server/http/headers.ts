import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';

/** The policy of everything that is not a page (API answers, assets): nothing may load. */
export const NON_PAGE_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Whether the shopper reached us over HTTPS: our own TLS, or a trusted proxy's
 * `X-Forwarded-Proto` (`forwardedProto`, see `TRUST_PROXY`).
 */
export function reachedOverHttps(
  req: IncomingMessage,
  forwardedProto: 'http' | 'https' | undefined,
): boolean {
  return ('encrypted' in req.socket && req.socket.encrypted === true) || forwardedProto === 'https';
}

/** Headers every response carries; HSTS only when the shopper reached us over HTTPS. */
export function securityHeaders(overHttps: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if (overHttps) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains';
  return headers;
}

export interface PagePolicies {
  /** The Content-Security-Policy Astro computed for a prerendered page (its script hashes). */
  forPath(pathname: string): string | undefined;
  /** For HTML without its own policy (the 404 page, error pages): every page's hashes together. */
  fallback: string;
}

/**
 * Reads the per-page policies Astro writes to `_headers.json` (`security.csp` with the node
 * adapter's `staticHeaders`). Sent as headers, unlike a `<meta>` policy, they can also hold
 * `frame-ancestors`.
 */
export async function loadPagePolicies(headersFile: string): Promise<PagePolicies> {
  let entries: { pathname: string; headers: { key: string; value: string }[] }[] = [];
  try {
    entries = JSON.parse(await readFile(headersFile, 'utf8')) as typeof entries;
  } catch {
    console.warn(`[server] ${headersFile} is missing: pages are served without their script hashes.`);
  }
  const policies = new Map<string, string>();
  for (const { pathname, headers } of entries) {
    const policy = headers.find((header) => header.key.toLowerCase() === 'content-security-policy')?.value;
    if (policy) policies.set(trimSlash(pathname), policy);
  }
  return {
    forPath: (pathname) => policies.get(trimSlash(pathname)),
    fallback: mergePolicies([...policies.values()]) || NON_PAGE_POLICY,
  };
}

const trimSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The union of several policies, directive by directive (sources deduplicated, order kept). */
function mergePolicies(policies: string[]): string {
  const directives = new Map<string, Set<string>>();
  for (const policy of policies) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (!name) continue;
      const merged = directives.get(name) ?? new Set<string>();
      for (const source of sources) merged.add(source);
      directives.set(name, merged);
    }
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}
