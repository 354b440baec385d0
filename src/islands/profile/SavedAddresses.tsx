import { toast } from '#src/islands/toast/toast.ts';
import { removeAddress } from '#src/stores/addresses.ts';
import AddressBook, { BOOK_EMPTY } from '#src/islands/account/AddressBook.tsx';
import AddressLines from '#src/islands/account/AddressLines.tsx';
import { PinIcon, TrashIcon } from '#src/islands/common/icons.tsx';
import { warnNotSaved } from '#src/islands/common/notSaved.ts';

/** Deletes the address, then gives the focus to `nextFocus` (the delete button is gone). */
async function remove(id: string, nextFocus: () => void) {
  const { ok, saved } = await removeAddress(id);
  if (!ok) {
    toast.error('Address not removed', {
      description: "We couldn't reach the shop. Please try again.",
    });
    return;
  }
  nextFocus();
  toast.success('Address removed');
  if (!saved) warnNotSaved('addresses');
}

/** The Saved Addresses card: the address book checkout also uses, each address with Delete. */
export default function SavedAddresses() {
  return (
    <AddressBook form="profile">
      {(addresses, focus) => (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          {addresses.map((address, index) => (
            <li
              key={address.id}
              tabIndex={-1}
              ref={focus.target(address.id)}
              className="border-line flex items-start gap-3 rounded-2xl border bg-white p-4"
            >
              <PinIcon className="text-saffron mt-0.5 size-5 shrink-0" />
              <div className="min-w-0 flex-1">
                <AddressLines address={address} lead="label" />
              </div>
              <button
                type="button"
                aria-label={`Delete address ${address.label || address.name}`}
                className="text-ink-soft hover:bg-cream hover:text-chili -m-1 grid size-10 shrink-0 place-items-center rounded-full transition-colors"
                onClick={() => {
                  const next = addresses[index + 1] ?? addresses[index - 1];
                  void remove(address.id, () => focus.later(next?.id ?? BOOK_EMPTY));
                }}
              >
                <TrashIcon className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </AddressBook>
  );
}
