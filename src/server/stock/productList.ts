import { readFile } from 'node:fs/promises';
import { cardPack, type PackSize } from '#src/lib/packPrices.ts';
import { availability, type StockCounts } from '#src/lib/stock.ts';
import { fileInMemory, type StaticFile } from '#src/server/http/static.ts';
import type { Store } from '#src/server/store/types.ts';
import { CATALOGUE_INDEX, type CatalogueItem } from '#src/lib/catalogueIndex.ts';
import { stockCountsOf } from './api.ts';

/** The product list API clients read, as the build wrote it. */
export const PRODUCT_LIST = '/api/v1/product';

/** What the build wrote of a product, as far as availability goes. */
interface BuiltProduct {
  _id: string;
  inStock: boolean;
  netQuantities: PackSize[];
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
 * The catalogue's index as the stock stands: each product's `available` (one of its packs sells:
 * counted above 0, or uncounted and in stock by its Markdown), for "In stock only" and the cards'
 * Out of Stock, and the pack its card prices, the cheapest that sells. A product the build does
 * not list keeps its Markdown's.
 */
export function withLiveAvailability(
  items: readonly CatalogueItem[],
  products: ReadonlyMap<string, BuiltProduct>,
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

/** How a built JSON answer reads with the stock as it stands; `products` is the product list. */
type Rewrite = (built: unknown, products: readonly BuiltProduct[], counts: StockCounts) => unknown;

/** `GET /api/v1/product`: each pack's availability (`withAvailability`). */
const productListToday: Rewrite = (_built, products, counts) => ({
  success: true,
  products: withAvailability(products, counts),
});

/** `GET /products/index.json`, the catalogue's index: each product's `available`. */
const catalogueIndexToday: Rewrite = (built, products, counts) => {
  const index = built as { products: CatalogueItem[] };
  const byId = new Map(products.map((product) => [product._id, product]));
  return { ...index, products: withLiveAvailability(index.products, byId, counts) };
};

/** The build's answers that carry availability, by path, and how each reads today. */
const LIVE_ANSWERS: Readonly<Record<string, Rewrite>> = {
  [PRODUCT_LIST]: productListToday,
  [CATALOGUE_INDEX]: catalogueIndexToday,
};

/** Stock answers may be a minute old, as the stock read's. */
const LIVE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';

/**
 * Above this size an answer is compressed as the build compresses its large files (brotli 7): at
 * 20,000 products the index and the product list are about 31 MB each, which brotli's best quality
 * takes minutes over, and the counts change with every order.
 */
const LARGE_ANSWER = 1024 * 1024;
const LARGE_ANSWER_QUALITY = 7;

/**
 * The product list (`GET /api/v1/product`, as API clients read it) and the catalogue's index (as
 * the catalogue's island searches and filters it): what the build wrote, with availability from
 * the database's counts, so they say what shoppers see. Each answer is made once per change of
 * the counts and kept compressed; while the next large one is made, the last one made goes out.
 * While the database cannot answer, the last one made goes out, or before any was made the build's
 * (the Markdown `inStock`), each kept a minute. Any other file goes out as it is.
 */
export function liveStockAnswers(store: Pick<Store, 'stockLevels'>, productList: StaticFile | undefined) {
  let products: Promise<BuiltProduct[]> | undefined;
  // Per path: the answer for the newest counts, being made or made, so requests that arrive while
  // it compresses share it; and the newest one made.
  const making = new Map<string, { counts: string; file: Promise<StaticFile>; order: number }>();
  const made = new Map<string, { file: StaticFile; order: number }>();
  let orders = 0;
  let failing = false;

  return async (pathname: string, built: StaticFile): Promise<StaticFile> => {
    const rewrite = LIVE_ANSWERS[pathname];
    if (!rewrite || !productList) return built;
    products ??= readJson(productList).then((list) => (list as { products: BuiltProduct[] }).products);
    let counts: StockCounts;
    try {
      counts = stockCountsOf(await store.stockLevels());
      failing = false;
    } catch (error) {
      if (!failing) console.error(`[server] stock answers go out without live stock: ${String(error)}`);
      failing = true;
      // The last answer made, else the build's; either kept a minute only, as a live answer is, so
      // no browser or CDN keeps the stock of an outage once the database is back.
      return made.get(pathname)?.file ?? { ...built, cacheControl: LIVE_CACHE_CONTROL };
    }
    const key = JSON.stringify(counts);
    let newest = making.get(pathname);
    if (newest?.counts !== key) {
      const order = ++orders;
      const file = Promise.all([readJson(built), products]).then(([json, list]) => {
        const body = Buffer.from(JSON.stringify(rewrite(json, list, counts)));
        const quality = body.length > LARGE_ANSWER ? LARGE_ANSWER_QUALITY : undefined;
        return fileInMemory(
          body,
          { contentType: built.contentType, cacheControl: LIVE_CACHE_CONTROL },
          quality,
        );
      });
      newest = { counts: key, file, order };
      making.set(pathname, newest);
      file.then(
        (answer) => {
          if (order > (made.get(pathname)?.order ?? 0)) made.set(pathname, { file: answer, order });
        },
        () => undefined,
      );
    }
    const ready = made.get(pathname);
    // A large answer takes seconds to make: the last one made goes out meanwhile (a minute old at
    // most, as the stock read). A small one is made at once, so it says what was just counted.
    const stale =
      ready !== undefined && ready.order < newest.order && ready.file.identity.size > LARGE_ANSWER;
    return stale ? ready.file : newest.file;
  };
}

const readJson = async (file: StaticFile): Promise<unknown> =>
  JSON.parse(await readFile(file.identity.path, 'utf8')) as unknown;
