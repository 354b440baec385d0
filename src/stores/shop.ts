import { SESSION_API } from './authState.ts';
import { isRecord } from './shapes.ts';

/** The shop's API, as the stores reach it (never by importing `src/server`). */
export const API = {
  code: '/api/v1/auth/code',
  session: SESSION_API,
  sessions: '/api/v1/auth/sessions',
  account: '/api/v1/account',
  emailConfirmation: '/api/v1/account/email-confirmation',
  addresses: '/api/v1/account/addresses',
  orders: '/api/v1/orders',
} as const;

/** What the shop answered: its status and JSON body (`{}` when there was none). */
export interface ShopAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * How long the shop may take to answer: above its slowest working answer (a sign-in code waiting
 * up to 10 s on the text provider) and nginx's 15 s, so that only a request the network has lost
 * is given up, and the shopper told so instead of waiting on a spinner for good.
 */
const ANSWER_WITHIN_MS = 20_000;

/**
 * Sends a request to the shop with the session cookie; `undefined` when the shop could not be
 * reached (offline, the request failed on the way, or no answer came in time). The body is always
 * read, since an unread one keeps the request open in the browser.
 */
export async function askShop(
  path: string,
  {
    method = 'GET',
    json,
    headers = {},
  }: { method?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<ShopAnswer | undefined> {
  try {
    const response = await fetch(path, {
      method,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      headers: {
        Accept: 'application/json',
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(json === undefined ? {} : { body: typeof json === 'string' ? json : JSON.stringify(json) }),
    });
    const body: unknown = await response.json().catch(() => ({}));
    return { status: response.status, body: isRecord(body) ? body : {} };
  } catch {
    return undefined;
  }
}

/** The shop's own words for a refusal, or `fallback` when it gave none. */
export function messageOf(answer: ShopAnswer | undefined, fallback: string): string {
  const message = answer?.body.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}
