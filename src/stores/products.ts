import { atom } from 'nanostores';
import { readCatalogueIndex, type CatalogueIndex } from '#src/lib/catalogueIndex.ts';
import { createFetcherStore, getJson, retryDelay } from './query.ts';

/** The catalogue's compact index, prerendered with the pages (src/pages/products/index.json.ts). */
const CATALOGUE_INDEX = '/products/index.json';

/** The error of the last attempt once every retry has failed; the catalogue reports it. */
export const $catalogueIndexFailure = atom<unknown>(undefined);

/** The compact index, fetched on first subscription and kept per the data client's policy. */
export const $catalogueIndex = createFetcherStore<CatalogueIndex>([CATALOGUE_INDEX], {
  fetcher: async (...keyParts) => readCatalogueIndex(await getJson(...keyParts)),
  onErrorRetry: ({ error, retryCount }) => {
    const delay = retryDelay(retryCount);
    if (delay === false) $catalogueIndexFailure.set(error);
    return delay;
  },
});

/**
 * The small picture of each product a cart line shows, by product id, from the catalogue's index
 * (the browser's copy when it has one); undefined when the index cannot be had.
 */
export async function catalogueThumbs(): Promise<ReadonlyMap<string, string> | undefined> {
  try {
    const index = readCatalogueIndex(await getJson(CATALOGUE_INDEX));
    return index.success ? new Map(index.products.map((item) => [item.id, item.thumb])) : undefined;
  } catch {
    return undefined;
  }
}
