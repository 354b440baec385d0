import { useEffect, useState } from 'react';
import type { FetcherValue } from '@nanostores/query';
import { toast } from 'sonner';
import { $productList, $productListFailure, type ProductList } from '../../stores/products';

/**
 * The product API's list through the data client, with the spec's error toasts. Subscribed after
 * mount only: reading the store starts the request, which server rendering must not.
 */
export function useProductList(): FetcherValue<ProductList> {
  const [answer, setAnswer] = useState<FetcherValue<ProductList>>({ loading: false });

  useEffect(() => $productList.subscribe(setAnswer), []);
  useEffect(
    () =>
      $productListFailure.subscribe((error) => {
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
