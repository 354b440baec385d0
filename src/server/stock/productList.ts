import { readFile } from 'node:fs/promises';
import { availability, type StockCounts } from '#src/lib/stock.ts';
import { fileInMemory, type StaticFile } from '#src/server/http/static.ts';
import type { Store } from '#src/server/store/types.ts';
import { stockCountsOf } from './api.ts';

/** What the build wrote of a product, as far as availability goes. */
interface BuiltProduct {
  _id: string;
  inStock: boolean;
  netQuantities: { label: string }[];
}

/**
 * The product list with each pack's availability as the pages show it: `inStock`, and `stock`
 * when the merchant counts it. The product's own `inStock` stays its Markdown's: the starting
 * state of the packs nobody has counted.
 */
export function withAvailability<Product extends BuiltProduct>(
  products: readonly Product[],
  counts: StockCounts,
): Product[] {
  return products.map((product) => {
    const netQuantities = product.netQuantities.map((pack) => {
      const { inStock, left } = availability(counts, product._id, pack.label, product.inStock);
      return { ...pack, inStock, ...(left === undefined ? {} : { stock: left }) };
    });
    return { ...product, netQuantities };
  });
}

/**
 * `GET /api/v1/product` as API clients read it: the catalogue the build wrote (`built`), with each
 * pack's live availability from the database, so they see what shoppers see. The answer is made
 * once per change of the counts and kept compressed; while the database cannot answer, the
 * catalogue goes out as built (its Markdown `inStock`).
 */
export function liveProductList(store: Pick<Store, 'stockLevels'>) {
  let products: Promise<BuiltProduct[]> | undefined;
  // The answer being made or made, so requests that arrive while it compresses share it.
  let made: { counts: string; file: Promise<StaticFile> } | undefined;
  let failing = false;

  return async (built: StaticFile): Promise<StaticFile> => {
    products ??= readFile(built.identity.path, 'utf8').then(
      (text) => (JSON.parse(text) as { products: BuiltProduct[] }).products,
    );
    let counts: StockCounts;
    try {
      counts = stockCountsOf(await store.stockLevels());
      failing = false;
    } catch (error) {
      if (!failing) console.error(`[server] the product list goes out without live stock: ${String(error)}`);
      failing = true;
      return built;
    }
    const key = JSON.stringify(counts);
    if (made?.counts !== key) {
      const answer = products.then((list) =>
        JSON.stringify({ success: true, products: withAvailability(list, counts) }),
      );
      made = { counts: key, file: answer.then((body) => fileInMemory(Buffer.from(body), built)) };
    }
    return made.file;
  };
}
