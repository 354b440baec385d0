import { getCollection } from 'astro:content';
import { originalPictureUrl } from '#src/build/productPictures.ts';
import { productView, sortProducts, type ProductView } from '#src/lib/productView.ts';

/** What the server reads of a product to sell it: its packs and prices (offers included), its lot. */
export type CatalogueProduct = Pick<
  ProductView,
  '_id' | 'title' | 'variety' | 'netQuantities' | 'inStock' | 'lot'
>;

/** The products by id, as the pages show them. */
export type Catalogue = ReadonlyMap<string, CatalogueProduct>;

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

let byId: Promise<ReadonlyMap<string, ProductView>> | undefined;

/** The catalogue by product id (for pricing orders, reviews, stock alerts), made once like it. */
export function catalogueById(): Promise<ReadonlyMap<string, ProductView>> {
  if (import.meta.env.DEV || !byId) {
    byId = loadCatalogue().then((products) => new Map(products.map((product) => [product._id, product])));
  }
  return byId;
}
