import { safeReturnPath } from '#src/lib/returnPath.ts';

/** Where to go once signed in: the `next` path on this site the page was asked for, else home. */
export const returnPath = () => safeReturnPath(new URLSearchParams(location.search).get('next'));

/** On the way from the cart to checkout (its next stop), the page offers the way back to the cart. */
export const fromCart = () => returnPath() === '/checkout';
