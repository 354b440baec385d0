import type { Category } from './categories.ts';

/** How a product is sold, which sets how long it keeps its best. */
type ProductKind = 'whole' | 'ground' | 'herb';

/** Months from packing each kind keeps its best. */
const SHELF_LIFE_MONTHS: Record<ProductKind, number> = { whole: 24, ground: 6, herb: 12 };

/** Spices and seeds are sold whole, powders and blends ground, herbs as dried leaves. */
const KIND_OF_CATEGORY: Record<Category, ProductKind> = {
  Spices: 'whole',
  Seeds: 'whole',
  Powders: 'ground',
  Blends: 'ground',
  Herbs: 'herb',
};

function productKind(variety: Category): ProductKind {
  return KIND_OF_CATEGORY[variety];
}

/** A product's shelf life in months: its own `shelfLifeMonths`, else its kind's. */
export function shelfLifeOf(product: { variety: Category; shelfLifeMonths?: number | undefined }): number {
  return product.shelfLifeMonths ?? SHELF_LIFE_MONTHS[productKind(product.variety)];
}

/** "best within 24 months". */
export const bestWithin = (shelfLifeMonths: number) => `best within ${shelfLifeMonths} months`;

/** Past this share of its shelf life, the page asks the shopper to use it soon. */
const USE_SOON_AFTER = 0.75;

type FreshnessState = 'fresh' | 'use-soon' | 'past-best';

export interface Freshness {
  /** Whole calendar months since packing. */
  months: number;
  /** The share of its best still ahead: 1 packed today, 0 at its shelf life and after. */
  left: number;
  state: FreshnessState;
  /** The gauge in words, e.g. "Packed 3 months ago · best within 24 months". */
  text: string;
}

/**
 * How fresh a lot packed on `packedOn` (`YYYY-MM-DD`) is on the shopper's calendar day `today`:
 * past its best the day after it reaches its shelf life, "use soon" in the last quarter of it.
 * A packing date after today counts as today. No lot, no freshness.
 */
export function freshness(
  packedOn: string | undefined,
  shelfLifeMonths: number,
  today: Date,
): Freshness | undefined {
  const packed = packedOn ? new Date(packedOn) : undefined;
  if (!packed || Number.isNaN(packed.getTime())) return undefined;
  const [year, month, day] = [packed.getUTCFullYear(), packed.getUTCMonth(), packed.getUTCDate()];
  const now = Math.max(packed.getTime(), Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  const bestUntil = Date.UTC(year, month + shelfLifeMonths, day);
  const left = Math.max(0, 1 - (now - packed.getTime()) / (bestUntil - packed.getTime()));
  const nowDate = new Date(now);
  const months =
    (nowDate.getUTCFullYear() - year) * 12 +
    nowDate.getUTCMonth() -
    month -
    (nowDate.getUTCDate() < day ? 1 : 0);
  const since =
    now === packed.getTime()
      ? 'Packed today'
      : months === 0
        ? 'Packed less than a month ago'
        : `Packed ${months} ${months === 1 ? 'month' : 'months'} ago`;
  const best = bestWithin(shelfLifeMonths);
  if (now > bestUntil) {
    return { months, left, state: 'past-best', text: `Past its best: ${since.toLowerCase()}, ${best}` };
  }
  const state = left < 1 - USE_SOON_AFTER ? 'use-soon' : 'fresh';
  return { months, left, state, text: `${since} · ${best}${state === 'use-soon' ? ': use it soon' : ''}` };
}
