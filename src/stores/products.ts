import { atom } from 'nanostores';
import { CATALOGUE_INDEX, readCatalogueIndex, type CatalogueIndex } from '#src/lib/catalogueIndex.ts';
import { createFetcherStore, getJson, retryDelay } from './query.ts';

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
