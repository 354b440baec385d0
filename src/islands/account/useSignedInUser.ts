import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { signInPath } from '../../lib/returnPath';
import { $user } from '../../stores/auth';

/**
 * The signed-in user. The page head already sent a signed-out shopper to `/auth`; this catches
 * what only the store's validation sees (and comes back here after sign-in). A shopper who signs
 * out while on the page, here or in another tab, lands on `/` like every logout. Only for
 * islands wrapped in `fromStorage`: they render from storage from their first render after
 * hydration, where a render during hydration (without storage) would look signed out.
 */
export function useSignedInUser() {
  const user = useStore($user);
  const wasSignedIn = useRef(false);
  useEffect(() => {
    if (user) wasSignedIn.current = true;
    else if (wasSignedIn.current) location.replace('/');
    else location.replace(signInPath(location.pathname + location.search));
  }, [user]);
  return user;
}
