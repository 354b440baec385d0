import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { signInPath } from '#src/lib/returnPath.ts';
import { $user, hasSessionEnded, isSigningOut, refreshAccount } from '#src/stores/auth.ts';

/**
 * The signed-in user, kept fresh from the shop. The page head already sent a shopper without a
 * stored user to `/auth`; this asks the shop whether the session still holds (and takes the
 * account as the shop has it, from whichever browser it was last changed in). A session that
 * ended, or a stored user the shop never signed in, goes to sign in and comes back here; a
 * shopper who signs out while on the page, here or in another tab, lands on `/` like every
 * logout. Only for islands that draw nothing from the user until they have hydrated (those wrapped
 * in `fromStorage`, and My Orders, which draws the server's orders until then): a render during
 * hydration (without storage) would look signed out.
 */
export function useSignedInUser() {
  const user = useStore($user);
  const wasSignedIn = useRef(false);
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) void refreshAccount();
  }, [signedIn]);
  useEffect(() => {
    if (user) wasSignedIn.current = true;
    // Signing out here: the top bar takes the shopper home; a second navigation would cancel it.
    else if (isSigningOut()) return;
    else if (wasSignedIn.current && !hasSessionEnded()) location.replace('/');
    else location.replace(signInPath(location.pathname + location.search));
  }, [user]);
  return user;
}
