import { atom } from 'nanostores';
import { $user, sessionEnded } from './authState.ts';
import { isRecord } from './shapes.ts';
import { askShop, messageOf } from './shop.ts';

/** Back-in-stock requests: read and changed on the shop, signed in. */
const ALERTS_API = '/api/v1/stock/alerts';

/** The packs the signed-in shopper asked to hear about, as `productId\npack` (empty signed out). */
export const $restockRequests = atom<ReadonlySet<string>>(new Set());

export const restockKey = (productId: string, pack: string) => `${productId}\n${pack}`;

let reading: Promise<void> | undefined;

/** Reads the shopper's requests once per page, when signed in. */
export function loadRestockRequests(): Promise<void> {
  if (!$user.get()) return Promise.resolve();
  reading ??= askShop(ALERTS_API).then((answer) => {
    const requests = Array.isArray(answer?.body['requests']) ? answer.body['requests'] : [];
    $restockRequests.set(
      new Set(
        requests.flatMap((request: unknown) =>
          isRecord(request) && typeof request['productId'] === 'string' && typeof request['pack'] === 'string'
            ? [restockKey(request['productId'], request['pack'])]
            : [],
        ),
      ),
    );
  });
  return reading;
}

/** The sessionStorage key of a request asked for signed out, made once the shopper signs in. */
const AFTER_SIGN_IN_KEY = 'restockAfterSignIn';
/** How long such a request waits for the sign-in it was asked before. */
const AFTER_SIGN_IN_MS = 30 * 60_000;

function askAfterSignIn(productId: string, pack: string): void {
  try {
    sessionStorage.setItem(AFTER_SIGN_IN_KEY, JSON.stringify({ productId, pack, at: Date.now() }));
  } catch {
    // Storage blocked: the shopper presses the button again once signed in.
  }
}

/**
 * Makes the back-in-stock request this tab asked for signed out, just before it went to sign in:
 * true once the shop has recorded it (false when there was none, it was stale, or it failed).
 */
export async function completeRestockAfterSignIn(): Promise<boolean> {
  let asked: unknown;
  try {
    asked = JSON.parse(sessionStorage.getItem(AFTER_SIGN_IN_KEY) ?? 'null');
    sessionStorage.removeItem(AFTER_SIGN_IN_KEY);
  } catch {
    return false;
  }
  if (
    !isRecord(asked) ||
    typeof asked['productId'] !== 'string' ||
    typeof asked['pack'] !== 'string' ||
    typeof asked['at'] !== 'number' ||
    Date.now() - asked['at'] > AFTER_SIGN_IN_MS
  ) {
    return false;
  }
  const { productId, pack } = asked;
  const answer = await askShop(ALERTS_API, { method: 'POST', json: { productId, pack, notify: true } });
  return answer?.status === 200;
}

export type RestockResult =
  { ok: true; asked: boolean } | { ok: false; reason: 'signed-out' | 'failed'; message: string };

/**
 * Asks to be told when a sold-out pack is back, or, asked already, stops asking. Signed out, the
 * request waits for the sign-in the shopper is sent to (`completeRestockAfterSignIn`).
 */
export async function toggleRestockRequest(productId: string, pack: string): Promise<RestockResult> {
  if (!$user.get()) {
    // Asked signed out: the request is made once the shopper has signed in.
    askAfterSignIn(productId, pack);
    return { ok: false, reason: 'signed-out', message: '' };
  }
  // A press can come before the page has read the shopper's requests (the press is what starts
  // the island): the read lands first, so it never undoes the press, which then knows to cancel.
  await loadRestockRequests();
  const key = restockKey(productId, pack);
  const notify = !$restockRequests.get().has(key);
  const answer = await askShop(ALERTS_API, { method: 'POST', json: { productId, pack, notify } });
  if (answer?.status === 401) {
    sessionEnded();
    askAfterSignIn(productId, pack);
    return { ok: false, reason: 'signed-out', message: '' };
  }
  if (answer?.status !== 200) {
    return {
      ok: false,
      reason: 'failed',
      message: messageOf(answer, 'We could not reach the shop. Please try again.'),
    };
  }
  const next = new Set($restockRequests.get());
  if (notify) next.add(key);
  else next.delete(key);
  $restockRequests.set(next);
  return { ok: true, asked: notify };
}
