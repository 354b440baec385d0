import type { StockCounts } from '#src/lib/stock.ts';
import type { Store } from '#src/server/store/types.ts';
import { stockCountsOf } from './api.ts';

/**
 * A product's counted packs, read when its page is rendered, so its structured data (what search
 * engines and shopping feeds show, which no script of the page corrects) says a pack the merchant
 * counted at 0 is out of stock. None when the database cannot be read: the page then says what the
 * Markdown says, as the live read's pages do.
 */
export async function pageStockCounts(
  store: Pick<Store, 'stockLevels'>,
  productId: string,
): Promise<StockCounts> {
  try {
    return stockCountsOf(await store.stockLevels([productId]));
  } catch (error) {
    console.warn(
      `[stock] ${productId}'s structured data says what its Markdown says: ${error instanceof Error ? error.message : String(error)}`,
    );
    return {};
  }
}
