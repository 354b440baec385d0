import { cardPack, type PackSize } from '#src/lib/packPrices.ts';
import { availability, type StockCounts } from '#src/lib/stock.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';

/** What the catalogue says of a product, as far as availability goes. */
interface ListedProduct {
  _id: string;
  inStock: boolean;
  netQuantities: PackSize[];
}

/**
 * The product list with each pack's availability as the pages show it: `inStock`, and `stock`
 * when the merchant counts it. The product's own `inStock` stays its Markdown's: the starting
 * state of the packs nobody has counted.
 */
export function withAvailability<Product extends ListedProduct>(
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
 * The catalogue's index as the stock stands: each product's `available` (one of its packs sells:
 * counted above 0, or uncounted and in stock by its Markdown), for "In stock only" and the cards'
 * Out of Stock, and the pack its card prices, the cheapest that sells. A product the build does
 * not list keeps its Markdown's.
 */
export function withLiveAvailability(
  items: readonly CatalogueItem[],
  products: ReadonlyMap<string, ListedProduct>,
  counts: StockCounts,
): CatalogueItem[] {
  return items.map((item) => {
    const product = products.get(item.id);
    if (!product) return item;
    const sells = product.netQuantities.map(
      (pack) => availability(counts, product._id, pack.label, product.inStock).inStock,
    );
    const pack = cardPack(product.netQuantities, (index) => sells[index] === true) ?? item.pack;
    return { ...item, available: sells.includes(true), pack };
  });
}
