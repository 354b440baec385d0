import { CATALOGUE_INDEX, readCatalogueIndex, type CatalogueIndex } from '#src/lib/catalogueIndex.ts';

/** The catalogue's index once (the browser's copy when it has one); `success: false` when it cannot be had. */
export async function fetchCatalogueIndex(): Promise<CatalogueIndex> {
  try {
    const response = await fetch(CATALOGUE_INDEX, { headers: { Accept: 'application/json' } });
    return readCatalogueIndex(await response.json());
  } catch {
    return readCatalogueIndex(undefined);
  }
}
