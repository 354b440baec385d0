/** The most of one pack a cart line, and an order's line, may hold. Its own module so the header's
 * cart script does not pull the catalogue's helpers into every page. */
export const MAX_QUANTITY = 99;
