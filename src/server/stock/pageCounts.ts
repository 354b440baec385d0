import type { StockCounts } from '#src/lib/stock.ts';
import type { Store } from '#src/server/store/types.ts';
import { countsNow } from './api.ts';

/**
 * A product's counted packs, read when its page is rendered, so its structured data (what search
 * engines and shopping feeds show, which no script of the page corrects) says a pack the merchant
 * counted at 0 is out of stock. None when the database cannot be read: the page then says what the
 * Markdown says, as the live read's pages do.
 */
export const pageStockCounts = async (
  store: Pick<Store, 'stockLevels'>,
  productId: string,
): Promise<StockCounts> => (await countsNow(store, `${productId}'s structured data`, [productId])) ?? {};
