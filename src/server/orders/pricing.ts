import { lineItem } from '#src/lib/lineItem.ts';
import { lotLabel } from '#src/lib/lots.ts';
import { toCents } from '#src/lib/money.ts';
import type { Catalogue } from '#src/server/catalogue/load.ts';
import { lookUpPack } from '#src/server/catalogue/packs.ts';
import type { OrderLine } from '#src/server/store/types.ts';

/** What the shopper asks for on one line: a product, one of its pack sizes, how many. */
export interface RequestedLine {
  productId: string;
  pack: string;
  quantity: number;
}

/** A line as the server prices it today, with what the shopper needs to update the cart. */
export interface PricedLine extends OrderLine {
  /** The spec's cart line id for this product and pack, for API clients that show it. */
  id: string;
  /** The price before the offer, in cents; equal to `priceCents` when there is no offer. */
  listPriceCents: number;
  inStock: boolean;
}

export type Pricing = { ok: true; lines: PricedLine[]; totalCents: number } | { ok: false; message: string };

/**
 * Prices every line from the catalogue, offers applied, in integer cents, each with the lot on sale
 * today. An unknown product or pack, or a line that repeats another, is refused with a message
 * naming the line.
 */
export function priceLines(catalogue: Catalogue, requested: readonly RequestedLine[]): Pricing {
  const lines: PricedLine[] = [];
  for (const [index, { productId, pack: label, quantity }] of requested.entries()) {
    const where = `Line ${index + 1}`;
    const found = lookUpPack(catalogue, productId, label, {
      noProduct: (id) => `there is no product "${id}".`,
    });
    if (!found.found) return { ok: false, message: `${where}: ${found.refusal}` };
    const { product, pack, packIndex } = found;
    // Every line before this one was priced, so a repeat's place in `lines` is its line number.
    const earlier = lines.findIndex((line) => line.productId === productId && line.pack === label);
    if (earlier !== -1) {
      return { ok: false, message: `${where} repeats line ${earlier + 1}: send one line per pack size.` };
    }
    const { id, name, price } = lineItem(product, packIndex, '');
    lines.push({
      id,
      productId,
      pack: label,
      name,
      quantity,
      priceCents: toCents(price),
      listPriceCents: toCents(pack.price),
      inStock: product.inStock,
      ...(product.lot ? { lot: lotLabel(product.lot, product.variety) } : {}),
    });
  }
  return {
    ok: true,
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0),
  };
}
