import type { User } from '#src/stores/auth.ts';
import AddressBook from '#src/islands/account/AddressBook.tsx';
import AddressLines from '#src/islands/account/AddressLines.tsx';

interface Props {
  user: Pick<User, 'name' | 'phone'>;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/** The Delivery Address card: the address book as a radio list; a new address is selected. */
export default function DeliveryAddress({ user, selectedId, onSelect }: Props) {
  return (
    <AddressBook
      form="checkout"
      initial={{ name: user.name, phone: user.phone }}
      onAdded={(address) => onSelect(address.id)}
    >
      {(addresses, focus) => (
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
                ref={focus.target(address.id)}
                onChange={() => onSelect(address.id)}
                className="accent-saffron mt-1 size-4 shrink-0 focus-visible:outline-none"
              />
              <AddressLines address={address} lead="name" />
            </label>
          ))}
        </fieldset>
      )}
    </AddressBook>
  );
}
