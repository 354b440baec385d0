import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { ProductToday } from '#src/lib/productToday.ts';
import { $productsToday, learnProductsToday } from '#src/stores/productsToday.ts';

/**
 * What the shop sells today of `lines`' products, by product id (see `$productsToday`), asked for
 * whenever the lines change.
 */
export function useProductsToday(
  lines: readonly { productId: string }[],
): ReadonlyMap<string, ProductToday | null> {
  const today = useStore($productsToday, { ssr: 'initial' });
  useEffect(() => void learnProductsToday(lines.map((line) => line.productId)), [lines]);
  return today;
}
