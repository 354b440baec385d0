import type { AstroCookies, APIContext } from 'astro';
import { isSecure } from '#src/server/identity/index.ts';

/**
 * The order this browser has just placed, named to My Orders, which draws it open as its
 * confirmation (decisions: after the order). The server draws it so, rather than the island once
 * it has hydrated, so nothing below the order moves as the page comes. A cookie for that page's
 * path alone, read once and forgotten.
 */
const COOKIE = 'justPlaced';
const PAGE = '/my-orders';
/** Long enough for a slow phone to arrive; an order found later opens closed like the others. */
const LIFETIME_S = 10 * 60;

/** Names `orderId` to the next My Orders this browser opens. */
export function rememberJustPlaced(
  context: Pick<APIContext, 'cookies' | 'url' | 'site' | 'locals'>,
  orderId: string,
): void {
  context.cookies.set(COOKIE, orderId, {
    path: PAGE,
    maxAge: LIFETIME_S,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(context),
  });
}

/**
 * The order just placed, if the request names one of `shown` (the signed-in account's orders the
 * page draws), forgotten with the answer. A forged name opens nothing and goes nowhere.
 */
export function takeJustPlaced(cookies: AstroCookies, shown: readonly { id: string }[]): string | undefined {
  const named = cookies.get(COOKIE)?.value;
  if (named === undefined) return undefined;
  cookies.delete(COOKIE, { path: PAGE });
  return shown.find((order) => order.id === named)?.id;
}
