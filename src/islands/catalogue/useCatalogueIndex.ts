import { useEffect, useState } from 'react';
import type { FetcherValue } from '@nanostores/query';
import { toast } from 'sonner';
import type { CatalogueIndex } from '../../lib/catalogueIndex';
import { $catalogueIndex, $catalogueIndexFailure } from '../../stores/products';

/**
 * The catalogue's index through the data client, with the spec's error toasts. Subscribed after
 * mount only: reading the store starts the request, which server rendering must not.
 */
export function useCatalogueIndex(): FetcherValue<CatalogueIndex> {
  const [answer, setAnswer] = useState<FetcherValue<CatalogueIndex>>({ loading: false });

  useEffect(() => $catalogueIndex.subscribe(setAnswer), []);
  useEffect(
    () =>
      $catalogueIndexFailure.subscribe((error) => {
        if (error === undefined) return;
        console.error('Fetching products failed', error);
        toast.error('Something went wrong while fetching products');
      }),
    [],
  );
  useEffect(() => {
    if (answer.data && !answer.data.success) toast.error('Failed to fetch products');
  }, [answer.data]);

  return answer;
}
