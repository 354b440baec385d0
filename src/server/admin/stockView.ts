import type { Catalogue } from '#src/server/catalogue/load.ts';
import type { StockLevel } from '#src/server/store/types.ts';

/** A pack as the back office's stock screen shows it: its count, or not counted. */
export interface PackStock {
  productId: string;
  title: string;
  pack: string;
  /** Undefined when the merchant has never counted it: its Markdown `inStock` says whether it sells. */
  count: number | undefined;
  /** What can be sold: the count, or (uncounted) 0 for a product the Markdown says is sold out. */
  left: number | undefined;
}

/** The packs at which a count is low. */
export const LOW_STOCK = 5;

/** Every pack of every product, in the catalogue's order, with its count. */
export function packStock(catalogue: Catalogue, levels: readonly StockLevel[]): PackStock[] {
  const counts = new Map(levels.map((level) => [`${level.productId}\n${level.pack}`, level.count]));
  return [...catalogue.values()].flatMap((product) =>
    product.netQuantities.map(({ label }) => {
      const count = counts.get(`${product._id}\n${label}`);
      return {
        productId: product._id,
        title: product.title,
        pack: label,
        count,
        left: count ?? (product.inStock ? undefined : 0),
      };
    }),
  );
}

/** The packs sold out or low, fewest first: what Today shows. */
export function packsToWatch(catalogue: Catalogue, levels: readonly StockLevel[]) {
  return packStock(catalogue, levels)
    .filter((pack): pack is PackStock & { left: number } => pack.left !== undefined && pack.left <= LOW_STOCK)
    .sort((a, b) => a.left - b.left);
}
