import { sellingPrice, unitPriceText, type PackSize } from '#src/lib/packPrices.ts';
import { formatMoney } from '#src/lib/money.ts';

interface Props {
  packs: PackSize[];
  selected: number;
  onSelect: (index: number) => void;
}

/**
 * The pack-size choice: one radio per size, each with its price, its price per 100 g and its live
 * stock ("Sold out", "Only 3 left", written by LiveStock.astro in a line the tile keeps for it). A sold-out
 * pack stays a choice: its page offers "Tell me when it's back".
 */
export default function PackSizes({ packs, selected, onSelect }: Props) {
  return (
    <fieldset>
      <legend className="label">Pack size</legend>
      <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-3">
        {packs.map((pack, index) => (
          <label
            key={pack.label}
            className="border-line hover:border-ink has-checked:border-ink has-checked:bg-cream has-focus-visible:outline-saffron relative flex cursor-pointer flex-col rounded-xl border bg-white px-4 py-3 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2"
          >
            <input
              type="radio"
              name="pack-size"
              value={pack.label}
              checked={index === selected}
              onChange={() => onSelect(index)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-xl focus-visible:outline-none"
            />
            <span className="text-ink font-semibold">{pack.label}</span>
            <span className="text-ink text-sm tabular-nums">{formatMoney(sellingPrice(pack))}</span>
            <span className="text-ink-soft text-xs tabular-nums">{unitPriceText(pack)}</span>
            <span className="stock-note text-xs" />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
