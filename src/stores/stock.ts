import { atom, type ReadableAtom } from 'nanostores';
import { MAX_QUANTITY } from '#src/lib/quantity.ts';
import { availability, type StockCounts } from '#src/lib/stock.ts';
import { isRecord } from './shapes.ts';
import { askShop } from './shop.ts';

/** The live read every page with stock shares (kept a minute by the browser and a CDN). */
const STOCK_API = '/api/v1/stock';

const counts = atom<StockCounts>({});

/** The merchant's counts of the packs they count, as the shop last said (empty until read). */
export const $stockCounts: ReadableAtom<StockCounts> = counts;

let reading: Promise<void> | undefined;

/** Reads the live counts once per page; offline or a bad answer leaves every pack uncounted. */
export function loadStockCounts(): Promise<void> {
  reading ??= askShop(STOCK_API).then((answer) => {
    const stock = answer?.status === 200 ? answer.body['stock'] : undefined;
    if (isRecord(stock)) counts.set(stock as StockCounts);
  });
  return reading;
}

/**
 * The most packs of one kind a shopper may choose at once: what is left of a counted pack (1 at
 * least, so a sold-out pack's picker still reads 1 beside its disabled buttons), else the cart's
 * limit. A count that is not a number reads as not counted (`availability`).
 */
export function mostOf(stock: StockCounts, productId: string, pack: string): number {
  const { left } = availability(stock, productId, pack, true);
  return left === undefined ? MAX_QUANTITY : Math.max(1, Math.min(MAX_QUANTITY, left));
}
