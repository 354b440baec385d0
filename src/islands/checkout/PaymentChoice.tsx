import { PAYMENT_METHODS, type PaymentMethod } from '#src/lib/payment.ts';
import RadioCard from '#src/islands/common/RadioCard.tsx';

interface Props {
  /** What the shop offers, the card first; undefined while it is being asked. */
  methods: PaymentMethod[] | undefined;
  chosen: PaymentMethod | undefined;
  onChoose: (method: PaymentMethod) => void;
}

const CHOICES: Record<PaymentMethod, { label: string; hint: string }> = {
  card: {
    label: 'Pay by card',
    hint: "On our payment provider's secure page, next.",
  },
  delivery: { label: 'Pay on delivery', hint: 'In cash or by card when your order arrives.' },
};

/** The Payment card under the address: the ways to pay as a radio list. */
export default function PaymentChoice({ methods, chosen, onChoose }: Props) {
  return (
    <section aria-labelledby="payment-heading" className="card p-5 sm:p-7">
      <h2 id="payment-heading" className="mb-4 text-2xl">
        Payment
      </h2>
      {/* Until the shop has answered, both ways in their order, unavailable: the card keeps its
          height, so nothing below it moves when they come. */}
      <fieldset className="grid min-w-0 grid-cols-1 gap-3" disabled={!methods} aria-busy={!methods}>
        <legend className="sr-only">Choose how to pay</legend>
        {(methods ?? PAYMENT_METHODS).map((method) => (
          <RadioCard
            key={method}
            name="payment-method"
            value={method}
            checked={methods !== undefined && method === chosen}
            onChange={() => onChoose(method)}
          >
            <span className="text-sm">
              <span className="block font-semibold">{CHOICES[method].label}</span>
              <span className="text-ink-soft">{CHOICES[method].hint}</span>
            </span>
          </RadioCard>
        ))}
      </fieldset>
    </section>
  );
}
