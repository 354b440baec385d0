// Stock as it crosses between the browser and the shop: the live counts (`GET /api/v1/stock`), the
// products a list kept in the browser asks about (`GET /api/v1/product/today`), and a request to
// hear when a pack is back. Zod: the server's only; the browser imports this module's types.
import { z } from 'astro/zod';
import { text } from './fields.ts';

/** Counted packs: product id, then pack label, then how many are left. */
const stockCounts = z.record(z.string(), z.record(z.string(), z.number()).readonly()).readonly();

/** Counted packs as the live stock read answers them; a pack not listed is not counted. */
export type StockCounts = z.infer<typeof stockCounts>;

/** `GET /api/v1/stock`: every counted pack. */
export const stockAnswer = z.object({ success: z.literal(true), stock: stockCounts });

export type StockAnswer = z.infer<typeof stockAnswer>;

/** A pack as sold today: its size and price (offer included), and whether (and how many) are left. */
const packToday = z.object({
  label: z.string(),
  grams: z.number(),
  price: z.number(),
  offerPrice: z.number().exactOptional(),
  inStock: z.boolean(),
  /** How many are left, when the merchant counts the pack. */
  stock: z.number().exactOptional(),
});

export type PackToday = z.infer<typeof packToday>;

/**
 * What a cart, checkout or wishlist kept in the browser needs to know of a product as sold today:
 * its packs, their prices (offers included) and availability. Asked for the lines' products only
 * (`GET /api/v1/product/today`), so those pages do not grow with the catalogue.
 */
export const productToday = z.object({
  _id: z.string(),
  title: z.string(),
  inStock: z.boolean(),
  netQuantities: z.array(packToday),
});

export type ProductToday = z.infer<typeof productToday>;

/** `POST /api/v1/stock/alerts`: ask (or stop asking) to be texted when a sold-out pack is back. */
export const restockRequest = z.object(
  {
    productId: text('Product id', 100),
    pack: text('Pack size', 40),
    notify: z.boolean({ error: 'Notify must be true (tell me) or false (stop).' }),
  },
  { error: 'Send a JSON object with productId, pack and notify.' },
);
