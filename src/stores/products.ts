import { atom } from 'nanostores';
import type { Filterable } from '../lib/catalogue';
import { createFetcherStore, getJson, retryDelay } from './query';

export const PRODUCT_API = '/api/v1/product';

/** What the catalogue needs of the API's answer; `success: false` covers any malformed answer. */
export interface ProductList {
  success: boolean;
  products: Filterable[];
}

/** Keeps the products that have the fields the filter reads; anything else is dropped. */
export function readProductList(json: unknown): ProductList {
  if (typeof json !== 'object' || json === null) return { success: false, products: [] };
  const { success, products } = json as Record<string, unknown>;
  if (success !== true || !Array.isArray(products)) return { success: false, products: [] };
  return {
    success: true,
    products: products.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { _id, title, variety } = item as Record<string, unknown>;
      return typeof _id === 'string' && typeof title === 'string' && typeof variety === 'string'
        ? [{ _id, title, variety }]
        : [];
    }),
  };
}

/** The error of the last attempt once every retry has failed; the catalogue reports it. */
export const $productListFailure = atom<unknown>(undefined);

/** The product API's list, fetched on first subscription and kept per the data client's policy. */
export const $productList = createFetcherStore<ProductList>([PRODUCT_API], {
  fetcher: async (...keyParts) => readProductList(await getJson(...keyParts)),
  onErrorRetry: ({ error, retryCount }) => {
    const delay = retryDelay(retryCount);
    if (delay === false) $productListFailure.set(error);
    return delay;
  },
});
