import { formatMoney, fromCents, toCents } from './money.ts';

/** One pack size. `offerPrice` is there only while the product is on offer. */
export interface PackSize {
  label: string;
  grams: number;
  price: number;
  offerPrice?: number;
}

/** What the shopper pays for a pack: the offer price while on offer, else the list price. */
export function sellingPrice(pack: Pick<PackSize, 'price' | 'offerPrice'>): number {
  return pack.offerPrice ?? pack.price;
}

/** The price of 100 g at this pack's price, in currency units (rounded to the cent). Packs weigh
 * more than nothing: the content schema says so. */
function pricePer100g(price: number, grams: number): number {
  return fromCents(Math.round((toCents(price) * 100) / grams));
}

/**
 * Packs lighter than this show their price per gram: $14 a gram reads better than $1,400 / 100 g.
 * Every other pack reads per 100 g, so shoppers compare like with like.
 */
const PER_GRAM_BELOW = 10;

/** A pack's unit price as shoppers read it: "$5.20 / 100 g", or "$14.00 / g" for a small pack. */
export function unitPriceText(pack: Pick<PackSize, 'price' | 'offerPrice' | 'grams'>): string {
  const price = sellingPrice(pack);
  if (pack.grams < PER_GRAM_BELOW)
    return `${formatMoney(fromCents(Math.round(toCents(price) / pack.grams)))} / g`;
  return `${formatMoney(pricePer100g(price, pack.grams))} / 100 g`;
}

/**
 * The pack a card prices ("from $26.00"): the cheapest that sells, by what the shopper pays, or
 * the cheapest of all when none does. `sells` says whether the pack at an index can be bought.
 */
export function cardPack<Pack extends PackSize>(
  packs: readonly Pack[],
  sells: (index: number) => boolean,
): Pack | undefined {
  const cheapest = (candidates: readonly Pack[]) =>
    candidates.reduce<Pack | undefined>(
      (best, pack) => (best && sellingPrice(best) <= sellingPrice(pack) ? best : pack),
      undefined,
    );
  return cheapest(packs.filter((_pack, index) => sells(index))) ?? cheapest(packs);
}
