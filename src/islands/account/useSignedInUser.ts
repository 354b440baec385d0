import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $user } from '../../stores/auth';

/**
 * The signed-in user. The page head already sent a signed-out shopper to `/auth`; this catches
 * what only the store's validation sees, and a sign-out in another tab. Only for `client:only`
 * islands: they render from storage at once, where a hydrated island's first render (without
 * storage) would look signed out.
 */
export function useSignedInUser() {
  const user = useStore($user);
  useEffect(() => {
    if (!user) location.replace('/auth');
  }, [user]);
  return user;
}
