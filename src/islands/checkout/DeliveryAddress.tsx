import { useRef, useState } from 'react';
import type { Address } from '../../stores/addresses';
import type { User } from '../../stores/auth';
import AddressLines from '../account/AddressLines';
import { CloseIcon, PinIcon, PlusIcon } from '../common/icons';
import CheckoutAddressForm from './CheckoutAddressForm';

interface Props {
  user: Pick<User, 'name' | 'phone'>;
  addresses: Address[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/** The Delivery Address card: the address book as a radio list, and Add New. */
export default function DeliveryAddress({ user, addresses, selectedId, onSelect }: Props) {
  const [adding, setAdding] = useState(false);
  // A new address takes the focus once it is drawn, so a keyboard shopper goes on from there.
  const focusNext = useRef<string>(undefined);
  const formId = 'checkout-new-address';

  return (
    <section aria-labelledby="delivery-heading" className="card p-5 sm:p-7">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h2 id="delivery-heading" className="flex items-center gap-2.5 text-xl sm:text-2xl">
          <PinIcon className="text-saffron size-5 sm:size-6" />
          Delivery Address
        </h2>
        <button
          type="button"
          className="btn-outline min-h-10 px-4"
          aria-expanded={adding}
          aria-controls={adding ? formId : undefined}
          onClick={() => setAdding((open) => !open)}
        >
          {adding ? <CloseIcon className="size-4" /> : <PlusIcon className="size-4" />}
          {adding ? 'Cancel' : 'Add New'}
        </button>
      </div>

      {adding && (
        <div className="mb-6">
          <CheckoutAddressForm
            id={formId}
            user={user}
            onAdded={(address) => {
              onSelect(address.id);
              focusNext.current = address.id;
              setAdding(false);
            }}
          />
        </div>
      )}

      {addresses.length === 0 ? (
        <p className="border-line text-ink-soft rounded-2xl border border-dashed px-5 py-8 text-center">
          No saved addresses. Please add a delivery address.
        </p>
      ) : (
        <fieldset className="grid min-w-0 grid-cols-1 gap-3">
          <legend className="sr-only">Choose a delivery address</legend>
          {addresses.map((address) => (
            <label
              key={address.id}
              className="border-line has-checked:border-saffron has-checked:bg-cream/70 has-focus-visible:outline-saffron flex cursor-pointer items-start gap-4 rounded-2xl border bg-white p-4 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2"
            >
              <input
                type="radio"
                name="delivery-address"
                value={address.id}
                checked={address.id === selectedId}
                ref={(radio) => {
                  if (radio && focusNext.current === address.id) {
                    radio.focus();
                    focusNext.current = undefined;
                  }
                }}
                onChange={() => onSelect(address.id)}
                className="accent-saffron mt-1 size-4 shrink-0 focus-visible:outline-none"
              />
              <AddressLines address={address} lead="name" />
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
