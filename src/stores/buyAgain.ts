// "Buy again" on a past order: kept apart from orders.ts, so that only My Orders loads it.
import { lineItem } from '#src/lib/lineItem.ts';
import { packNamed } from '#src/lib/productToday.ts';
import { MAX_QUANTITY } from '#src/lib/quantity.ts';
import { addToCart } from './cart.ts';
import { fetchCatalogueIndex } from './catalogueIndex.ts';
import type { OrderItem } from './orders.ts';
import { $productsToday, learnProductsToday } from './productsToday.ts';

/** Why a line of the order did not go back into the cart. */
export type NotBoughtAgain = 'sold out' | 'no longer sold' | 'not saved';

export type BoughtAgain =
  | {
      ok: true;
      /** Units put in the cart, at today's prices. */
      added: number;
      /** The order's lines that could not be, by name, with why. */
      missing: { name: string; reason: NotBoughtAgain }[];
    }
  /** The shop could not be asked what it sells today: nothing was added. */
  | { ok: false };

/**
 * Puts an order's lines back in the cart as the shop sells them today (today's price of the same
 * pack, as many as were ordered, never more than are left): a pack sold out, or a product or pack
 * no longer sold, is named with why. Asks the shop about every product in one request.
 */
export async function buyAgain(items: readonly OrderItem[]): Promise<BoughtAgain> {
  const ids = items.flatMap((item) => item.productId ?? []);
  // The index gives each line its small picture, as a line added from its product's card has.
  const [index] = await Promise.all([fetchCatalogueIndex(), learnProductsToday(ids)]);
  const today = $productsToday.get();
  if (!index.success || ids.some((id) => today.get(id) === undefined)) return { ok: false };
  const thumbs = new Map(index.products.map((item) => [item.id, item.thumb]));
  const result: BoughtAgain = { ok: true, added: 0, missing: [] };
  for (const item of items) {
    const product = item.productId === undefined ? null : today.get(item.productId);
    const pack = item.pack === undefined ? undefined : packNamed(product, item.pack);
    if (!product || !pack) {
      result.missing.push({ name: item.name, reason: 'no longer sold' });
      continue;
    }
    const left = pack.stock ?? MAX_QUANTITY;
    if (!pack.inStock || left < 1) {
      result.missing.push({ name: item.name, reason: 'sold out' });
      continue;
    }
    const index = product.netQuantities.indexOf(pack);
    const line = lineItem(product, index, thumbs.get(product._id) ?? '');
    const quantity = Math.min(item.quantity, left);
    if (addToCart(line, quantity).saved) result.added += quantity;
    else result.missing.push({ name: item.name, reason: 'not saved' });
  }
  return result;
}
