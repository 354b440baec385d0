import { shopSite } from '#src/server/messages/orderMessages.ts';
import type { Catalogue } from '#src/server/catalogue/load.ts';
import { lookUpPack } from '#src/server/catalogue/packs.ts';
import type { MerchantActor, Store } from '#src/server/store/types.ts';

/**
 * What the merchant does besides orders, once, for the back office and the command line alike:
 * counting stock, moderating reviews and sending a failed message again. Each is recorded.
 */

export type ActionResult = { ok: true; message: string } | { ok: false; message: string };

/** The largest count a pack may be given, or added to it at once. */
export const MOST_STOCK = 1_000_000;

/** A pack as the merchant types it: case and spaces do not matter ("100g" is "100 g"). */
const packName = (label: string) => label.replace(/\s+/g, '').toLowerCase();

export interface StockCount {
  productId: string;
  pack: string;
  change: 'set' | 'add';
  amount: number;
}

/**
 * Sets or adds to a pack's count. A pack that comes back from 0 queues a text to each shopper who
 * asked to hear of it, with a link to the product on `SITE_URL`.
 */
export async function countStock(
  store: Store,
  catalogue: Catalogue,
  { productId, pack, change, amount }: StockCount,
  by: MerchantActor,
): Promise<ActionResult & { count?: number; notified?: number }> {
  const found = lookUpPack(catalogue, productId, pack, {
    noProduct: (id) => `No product "${id}".`,
    samePack: (asked, label) => packName(asked) === packName(label),
  });
  if (!found.found) return { ok: false, message: found.refusal };
  const { product } = found;
  const { label } = found.pack;
  if (!Number.isInteger(amount)) return { ok: false, message: 'A count is a whole number.' };
  if (change === 'set' && !(amount >= 0 && amount <= MOST_STOCK)) {
    return {
      ok: false,
      message: `A count is a whole number from 0 to ${MOST_STOCK.toLocaleString('en-US')}.`,
    };
  }
  if (change === 'add' && Math.abs(amount) > MOST_STOCK) {
    return {
      ok: false,
      message: `At most ${MOST_STOCK.toLocaleString('en-US')} are added or taken at once.`,
    };
  }
  const before = (await store.stockLevels([productId])).find((level) => level.pack === label);
  const link = new URL(`/products/${productId}`, shopSite()).href;
  const notice = `Saffron & Stone: ${product.title} (${label}) is back in stock. ${link}`;
  const done = await store.changeStock({ productId, pack: label, change, amount }, notice);
  await store.recordMerchantAction({
    accountId: by.accountId,
    actor: by.name,
    action: change === 'set' ? `set to ${amount}` : `add ${amount}`,
    target: `stock:${productId}:${label}`,
    before: before ? String(before.count) : 'not counted',
    after: String(done.count),
  });
  const texts =
    done.notified > 0 ? `; ${done.notified} back-in-stock text${done.notified === 1 ? '' : 's'} queued` : '';
  return { ok: true, message: `${productId} ${label}: ${done.count} left${texts}.`, ...done };
}

/** Shows (`approved`) or hides a review. */
export async function moderateReview(
  store: Store,
  id: string,
  state: 'approved' | 'hidden',
  by: MerchantActor,
): Promise<ActionResult & { productId?: string }> {
  if (!/^R-[0-9a-f]{10}$/.test(id))
    return { ok: false, message: `"${id}" is not a review id (R- and 10 letters or digits).` };
  const before = (await store.reviewsToModerate(10_000)).find((review) => review.id === id);
  const review = await store.moderateReview(id, state);
  if (!review) {
    return {
      ok: false,
      message: `No review ${id}: a review edited since it was listed waits under a new id.`,
    };
  }
  await store.recordMerchantAction({
    accountId: by.accountId,
    actor: by.name,
    action: state === 'approved' ? 'approve' : 'hide',
    target: `review:${id}`,
    before: before?.state ?? '',
    after: state,
  });
  return {
    ok: true,
    productId: review.productId,
    message:
      state === 'approved'
        ? `${id} approved: it shows on /products/${review.productId} within a minute.`
        : `${id} hidden: it no longer shows on /products/${review.productId}.`,
  };
}

/** Puts a failed message back in the queue. */
export async function resendMessage(store: Store, id: string, by: MerchantActor): Promise<ActionResult> {
  if (!(await store.resendMessage(id, new Date().toISOString()))) {
    return {
      ok: false,
      message:
        `There is no failed message ${id} to send again (a sign-in code is never sent again: its ` +
        'code is not kept, and the shopper asks for a new one).',
    };
  }
  await store.recordMerchantAction({
    accountId: by.accountId,
    actor: by.name,
    action: 'resend',
    target: `message:${id}`,
    before: 'failed',
    after: 'pending',
  });
  return { ok: true, message: `Message ${id} is queued again: the server sends it within a few seconds.` };
}
