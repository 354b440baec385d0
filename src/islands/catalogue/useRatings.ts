import { useEffect, useState } from 'react';
import type { ProductRatings } from '#src/lib/reviews.ts';

/**
 * The approved reviews' summary, fetched the first time the Rating order is `wanted` (the reviews
 * store is downloaded only then); until it arrives, what the server sorted by.
 */
export function useRatings(wanted: boolean, rendered: ProductRatings): ProductRatings {
  const [ratings, setRatings] = useState<ProductRatings | undefined>();
  useEffect(() => {
    if (!wanted || ratings) return;
    let stopped = false;
    import('#src/stores/reviews.ts')
      .then(({ loadRatings }) => loadRatings())
      .then(
        (loaded) => !stopped && setRatings(loaded),
        () => undefined,
      );
    return () => {
      stopped = true;
    };
  }, [wanted, ratings]);
  return ratings ?? rendered;
}
