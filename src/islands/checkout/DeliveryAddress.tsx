import type { User } from '#src/stores/auth.ts';
import AddressBook from '#src/islands/account/AddressBook.tsx';
import AddressLines from '#src/islands/account/AddressLines.tsx';
import RadioCard from '#src/islands/common/RadioCard.tsx';

interface Props {
  user: Pick<User, 'name' | 'phone' | 'phoneDisplay'>;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/** The Delivery Address card: the address book as a radio list; a new address is selected. */
export default function DeliveryAddress({ user, selectedId, onSelect }: Props) {
  return (
    <AddressBook
      form="checkout"
      initial={{ name: user.name, phone: user.phoneDisplay || user.phone }}
      onAdded={(address) => onSelect(address.id)}
    >
      {(addresses, focus) => (
        <fieldset className="grid min-w-0 grid-cols-1 gap-3">
          <legend className="sr-only">Choose a delivery address</legend>
          {addresses.map((address) => (
            <RadioCard
              key={address.id}
              name="delivery-address"
              value={address.id}
              checked={address.id === selectedId}
              ref={focus.target(address.id)}
              onChange={() => onSelect(address.id)}
            >
              <AddressLines address={address} lead="name" />
            </RadioCard>
          ))}
        </fieldset>
      )}
    </AddressBook>
  );
}
