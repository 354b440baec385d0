// Apart from stock.ts, which every page with cards loads: only the islands that sell stop a
// quantity at the count.
import { MAX_QUANTITY } from './quantity.ts';

/** The most of one pack a shopper may take: MAX_QUANTITY, or what is left when the merchant counts it. */
export const mostOf = (left?: number): number => Math.max(0, Math.min(MAX_QUANTITY, left ?? MAX_QUANTITY));

/** What a stepper stopped at the count says ("2 is the most we have"); nothing below it or uncounted. */
export const mostNote = (quantity: number, left?: number): string =>
  left !== undefined && left > 0 && quantity >= mostOf(left) ? `${mostOf(left)} is the most we have` : '';
