import { atom } from 'nanostores';
import { parseStockCounts, type StockCounts } from '../lib/stock';
import { isRecord } from './shapes';

/** The live read of every counted pack, one address for every page. */
export const STOCK_API = '/api/v1/stock';

/** Counted packs as the shop last said; a pack not in it follows the page's own `inStock`. */
export const $stock = atom<StockCounts>({});

let reading: Promise<void> | undefined;

/**
 * Reads the live stock once per page (the shop lets it be kept a minute). Offline, or on a bad
 * answer, the page keeps what it was built with.
 */
export function loadStock(): Promise<void> {
  reading ??= fetch(STOCK_API, { headers: { Accept: 'application/json' } })
    .then((response) => response.json())
    .then((body: unknown) => $stock.set(parseStockCounts(isRecord(body) ? body['stock'] : undefined)))
    .catch(() => undefined);
  return reading;
}
