import { signInPath } from '#src/lib/returnPath.ts';
import { flashToast } from '#src/stores/flash.ts';

/** Sends a visitor to `/auth` with 'Please login to continue', to come back to `next` after. */
export function sendToSignIn(next: string): void {
  flashToast({ kind: 'error', title: 'Please login to continue' });
  location.assign(signInPath(next));
}
