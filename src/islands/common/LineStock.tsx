import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { packOf, productIdOf } from '../../lib/catalogue';
import { lineWarning } from '../../lib/stock';
import type { CartLine } from '../../stores/cart';
import { $stock, loadStock } from '../../stores/stock';

/**
 * Warns that a cart line's pack sold out since it was added, or has fewer left than the line
 * holds, from the live stock. Always there, empty or not, so nothing moves when it arrives.
 */
export default function LineStock({
  line,
  className = '',
}: {
  line: Pick<CartLine, 'id' | 'quantity'>;
  className?: string;
}) {
  const stock = useStore($stock);
  useEffect(() => {
    void loadStock();
  }, []);
  return (
    <span className={`text-chili block min-h-5 text-sm leading-5 font-semibold ${className}`}>
      {lineWarning(stock, productIdOf(line.id), packOf(line.id), line.quantity)}
    </span>
  );
}
