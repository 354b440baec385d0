import type { PaymentMethod } from '#src/lib/payment.ts';

interface Props {
  /** What the shop offers, the card first; undefined while it is being asked. */
  methods: PaymentMethod[] | undefined;
  chosen: PaymentMethod | undefined;
  onChoose: (method: PaymentMethod) => void;
}

/** What a shop with a card provider offers, drawn while the shop is asked. */
const EXPECTED: PaymentMethod[] = ['card', 'delivery'];

const CHOICES: Record<PaymentMethod, { label: string; hint: string }> = {
  card: {
    label: 'Pay by card',
    hint: "On our payment provider's secure page, next. Your card number never reaches us.",
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
      {/* Until the shop has answered, both ways as most shops offer them, unavailable: the card
          keeps its height, so nothing below it moves when they come. */}
      <fieldset className="grid min-w-0 grid-cols-1 gap-3" disabled={!methods} aria-busy={!methods}>
        <legend className="sr-only">Choose how to pay</legend>
        {(methods ?? EXPECTED).map((method) => (
          <label
            key={method}
            className="border-line has-checked:border-saffron has-checked:bg-cream/70 has-focus-visible:outline-saffron flex cursor-pointer items-start gap-4 rounded-2xl border bg-white p-4 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-disabled:cursor-wait has-disabled:opacity-60"
          >
            <input
              type="radio"
              name="payment-method"
              value={method}
              checked={methods !== undefined && method === chosen}
              onChange={() => onChoose(method)}
              className="accent-saffron mt-1 size-4 shrink-0 focus-visible:outline-none"
            />
            <span className="text-sm">
              <span className="block font-semibold">{CHOICES[method].label}</span>
              <span className="text-ink-soft">{CHOICES[method].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
