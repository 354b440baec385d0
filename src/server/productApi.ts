import { getCollection } from 'astro:content';
import { originalPictureUrl } from '#src/components/productPictures.ts';
import { productView, sortProducts, type ProductView } from '#src/lib/catalogue.ts';

let catalogue: Promise<ProductView[]> | undefined;

/** The catalogue is fixed at build time, so it is read once per process (every time in dev). */
export function loadCatalogue(): Promise<ProductView[]> {
  if (import.meta.env.DEV || !catalogue) {
    catalogue = getCollection('products').then((entries) =>
      sortProducts(entries).map((entry) => productView(entry, originalPictureUrl)),
    );
  }
  return catalogue;
}

/** The catalogue by product id, for pricing orders. */
export async function catalogueById(): Promise<Map<string, ProductView>> {
  return new Map((await loadCatalogue()).map((product) => [product._id, product]));
}

/**
 * The body of `GET /api/v1/product`: `{ success: true, products }`, its image and video URLs
 * absolute on `site` (the shop's public origin), never on anything a request says.
 */
export function productListBody(products: readonly ProductView[], site: URL | string): string {
  const absolute = (path: string) => new URL(path, site).href;
  return JSON.stringify({
    success: true,
    products: products.map((product) => ({
      ...product,
      images: product.images.map(absolute),
      ...(product.video ? { video: absolute(product.video) } : {}),
    })),
  });
}
