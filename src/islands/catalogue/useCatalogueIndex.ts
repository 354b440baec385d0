import { useEffect, useState } from 'react';
import type { FetcherValue } from '@nanostores/query';
import { toast } from '#src/islands/toast/toast.ts';
import type { CatalogueIndex } from '#src/lib/catalogueIndex.ts';

/** The toast when the catalogue cannot search every product. */
const FAILED = 'Something went wrong while fetching products';

/**
 * The catalogue's index through the data client, with its error toast, once `wanted`:
 * the shopper reached for search, sort or pages. Until then neither the index nor the data
 * client is downloaded, so browsing the first page costs neither.
 */
export function useCatalogueIndex(wanted: boolean): FetcherValue<CatalogueIndex> {
  const [answer, setAnswer] = useState<FetcherValue<CatalogueIndex>>({ loading: false });

  useEffect(() => {
    if (!wanted) return;
    let stopped = false;
    let unsubscribe = () => {};
    import('#src/stores/products.ts').then(
      ({ $catalogueIndex, $catalogueIndexFailure }) => {
        if (stopped) return;
        const stops = [
          $catalogueIndex.subscribe(setAnswer),
          $catalogueIndexFailure.subscribe((error) => {
            if (error === undefined) return;
            console.error('Fetching products failed', error);
            toast.error(FAILED);
          }),
        ];
        unsubscribe = () => stops.forEach((stop) => stop());
      },
      (error: unknown) => {
        console.error('Fetching products failed', error);
        toast.error(FAILED);
      },
    );
    return () => {
      stopped = true;
      unsubscribe();
    };
  }, [wanted]);
  useEffect(() => {
    if (answer.data && !answer.data.success) toast.error('Failed to fetch products');
  }, [answer.data]);

  return answer;
}
