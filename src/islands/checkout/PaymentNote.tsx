import type { PaymentMethod } from '#src/lib/payment.ts';
import { BoxIcon } from '#src/islands/common/icons.tsx';

/** How the order is paid, as chosen (undefined while the ways are being asked: on delivery). */
export default function PaymentNote({ method }: { method: PaymentMethod | undefined }) {
  return (
    <p className="border-line bg-cream/60 mt-5 flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm">
      <BoxIcon className="text-saffron mt-0.5 size-4 shrink-0" />
      {method === 'card' ? (
        <span>
          <span className="font-semibold">Pay by card.</span> You pay on our payment provider&apos;s secure
          page next; we never see your card.
        </span>
      ) : (
        <span>
          <span className="font-semibold">Payment on delivery.</span> Pay in cash or by card when your order
          arrives; nothing is charged online.
        </span>
      )}
    </p>
  );
}
