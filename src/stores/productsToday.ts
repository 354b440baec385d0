import { atom } from 'nanostores';
import { MOST_PRODUCTS_TODAY, packNamed, type PackToday, type ProductToday } from '#src/lib/productToday.ts';
import { $cart, cartTotal } from './cart.ts';
import { unitsOf } from './cartState.ts';
import { derived } from './persistent.ts';
import { amount, isRecord, price } from './shapes.ts';
import { askShop } from './shop.ts';

/** Where a list kept in the browser learns what the shop sells today of its products. */
const PRODUCTS_TODAY_API = '/api/v1/product/today';

/**
 * What the shop sells today of each product the cart, checkout or wishlist asked about: the
 * product (packs, prices, offers, stock state), or null when the catalogue no longer has it. A
 * product not in the map is not known yet (being asked about, or the shop could not be reached):
 * its lines show as they were stored.
 */
export const $productsToday = atom<ReadonlyMap<string, ProductToday | null>>(new Map());

/**
 * The cart as the shop would sell it today, for its summaries: a line whose pack the shop says is
 * sold out stays in the cart, marked "Sold out since you added it", but is not in the count or
 * the total, as placing the order takes it out. Lines not answered for yet count as stored.
 */
export const $cartToday = derived([$cart, $productsToday], (lines, today) => {
  const selling = lines.filter((line) => packNamed(today.get(line.productId), line.pack)?.inStock !== false);
  return { count: unitsOf(selling), total: cartTotal(selling), soldOut: lines.length - selling.length };
});

/** The request on its way for each product being asked about, so that no call asks twice. */
const asking = new Map<string, Promise<void>>();

/**
 * Asks the shop about the products in `productIds` not known yet, and resolves once every one of
 * them has been answered for (by this call's requests or those already on their way). Those the
 * shop could not be asked about (offline, an error) stay unknown and are asked about at the next
 * call.
 */
export async function learnProductsToday(productIds: Iterable<string>): Promise<void> {
  const known = $productsToday.get();
  const unknown = [...new Set(productIds)].filter((id) => !known.has(id));
  const unasked = unknown.filter((id) => !asking.has(id));
  for (let start = 0; start < unasked.length; start += MOST_PRODUCTS_TODAY) {
    const ids = unasked.slice(start, start + MOST_PRODUCTS_TODAY);
    const request = askAbout(ids);
    for (const id of ids) asking.set(id, request);
  }
  await Promise.all(unknown.flatMap((id) => asking.get(id) ?? []));
}

/** A product as the shop sells it today: null once gone, undefined when the shop cannot say. */
export async function askProductToday(productId: string): Promise<ProductToday | null | undefined> {
  await learnProductsToday([productId]);
  return $productsToday.get().get(productId);
}

async function askAbout(ids: string[]): Promise<void> {
  try {
    const answer = await askShop(`${PRODUCTS_TODAY_API}?ids=${ids.map(encodeURIComponent).join(',')}`);
    const products = answer?.status === 200 ? answer.body['products'] : undefined;
    if (!Array.isArray(products)) return;
    const learned = new Map($productsToday.get());
    const named = new Set<string>();
    for (const raw of products) {
      if (isRecord(raw) && typeof raw['_id'] === 'string') named.add(raw['_id']);
      const product = parseProductToday(raw);
      if (product && ids.includes(product._id)) learned.set(product._id, product);
    }
    // Left out of the answer: gone from the catalogue. Named but unreadable: still not known.
    for (const id of ids) if (!named.has(id)) learned.set(id, null);
    $productsToday.set(learned);
  } finally {
    for (const id of ids) asking.delete(id);
  }
}

function parsePack(value: unknown): PackToday | undefined {
  if (!isRecord(value) || typeof value['label'] !== 'string' || typeof value['inStock'] !== 'boolean') {
    return undefined;
  }
  const listPrice = price(value['price']);
  const grams = amount(value['grams']);
  const offerPrice = value['offerPrice'] === undefined ? undefined : price(value['offerPrice']);
  const stock = amount(value['stock']);
  if (listPrice === undefined || grams === undefined) return undefined;
  if (value['offerPrice'] !== undefined && offerPrice === undefined) return undefined;
  return {
    label: value['label'],
    grams,
    price: listPrice,
    ...(offerPrice === undefined ? {} : { offerPrice }),
    inStock: value['inStock'],
    ...(stock === undefined ? {} : { stock }),
  };
}

function parseProductToday(value: unknown): ProductToday | undefined {
  if (!isRecord(value)) return undefined;
  const { _id, title, netQuantities, inStock } = value;
  if (typeof _id !== 'string' || typeof title !== 'string' || typeof inStock !== 'boolean') return undefined;
  if (!Array.isArray(netQuantities) || netQuantities.length === 0) return undefined;
  const packs = netQuantities.map(parsePack);
  if (!packs.every((pack) => pack !== undefined)) return undefined;
  return { _id, title, netQuantities: packs, inStock };
}
