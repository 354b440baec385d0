import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $user } from '../../stores/auth';

/**
 * The signed-in user. The page head already sent a signed-out shopper to `/auth`; this catches
 * what only the store's validation sees, and a sign-out in another tab.
 */
export function useSignedInUser() {
  const user = useStore($user);
  useEffect(() => {
    if (!user) location.replace('/auth');
  }, [user]);
  return user;
}
