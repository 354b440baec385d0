import { nanoquery, type OnErrorRetry } from '@nanostores/query';

/** The data client's defaults: 3 retries, delay doubling from 1 s up to 30 s, cache 5 minutes. */
const QUERY_POLICY = {
  retries: 3,
  firstRetryMs: 1_000,
  maxRetryMs: 30_000,
  cacheLifetimeMs: 5 * 60_000,
} as const;

/** Delay before retry number `retryCount` (1-based), or false once the retries are spent. */
export function retryDelay(retryCount: number): number | false {
  if (retryCount > QUERY_POLICY.retries) return false;
  return Math.min(QUERY_POLICY.firstRetryMs * 2 ** (retryCount - 1), QUERY_POLICY.maxRetryMs);
}

const onErrorRetry: OnErrorRetry = ({ retryCount }) => retryDelay(retryCount);

/** JSON of a GET; a network failure or a body that is not JSON throws (and is retried). */
export async function getJson(...keyParts: (string | number | true)[]): Promise<unknown> {
  const response = await fetch(keyParts.join(''), { headers: { Accept: 'application/json' } });
  return response.json();
}

/** The shop's one data client; mutations (none yet) are never retried. */
export const [createFetcherStore] = nanoquery({
  cacheLifetime: QUERY_POLICY.cacheLifetimeMs,
  onErrorRetry,
});
