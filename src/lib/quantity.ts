/** The most of one pack a cart line, and an order's line, may hold. Its own module so the header's
 * cart script does not pull the catalogue's helpers into every page. */
export const MAX_QUANTITY = 99;

/** The most of one pack a shopper may take: MAX_QUANTITY, or what is left when the merchant counts it. */
export const mostOf = (left?: number): number => Math.max(0, Math.min(MAX_QUANTITY, left ?? MAX_QUANTITY));

/** What a stepper stopped at the count says ("2 is the most we have"); nothing below it or uncounted. */
export const mostNote = (quantity: number, left?: number): string =>
  left !== undefined && left > 0 && quantity >= mostOf(left) ? `${mostOf(left)} is the most we have` : '';
