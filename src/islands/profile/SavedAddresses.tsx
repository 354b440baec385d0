import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { toast } from '../toast/toast';
import { $addresses, removeAddress } from '../../stores/addresses';
import AddressLines from '../account/AddressLines';
import { PinIcon, PlusIcon, TrashIcon } from '../common/icons';
import { warnNotSaved } from '../common/notSaved';
import ProfileAddressForm from './ProfileAddressForm';

/** The Saved Addresses card: the address book checkout also uses. */
export default function SavedAddresses() {
  const addresses = useStore($addresses);
  const [adding, setAdding] = useState(false);
  // A new address takes the focus once it is drawn, so a keyboard shopper goes on from there.
  const focusNext = useRef<string>(undefined);
  const formId = 'profile-new-address';

  async function remove(id: string) {
    const { ok, saved } = await removeAddress(id);
    if (!ok) {
      toast.error('Address not removed', {
        description: "We couldn't reach the shop. Please try again.",
      });
      return;
    }
    toast.success('Address removed');
    if (!saved) warnNotSaved('addresses');
  }

  return (
    <section aria-labelledby="addresses-heading" className="card p-5 sm:p-7">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-heading" className="text-2xl">
          Saved Addresses
        </h2>
        <button
          type="button"
          className="btn-outline min-h-10 px-4"
          aria-expanded={adding}
          aria-controls={adding ? formId : undefined}
          onClick={() => setAdding((open) => !open)}
        >
          <PlusIcon className="size-4" />
          Add Address
        </button>
      </div>

      {adding && (
        <div className="mb-6">
          <ProfileAddressForm
            id={formId}
            onAdded={(address) => {
              focusNext.current = address.id;
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        </div>
      )}

      {addresses.length === 0 ? (
        <p className="border-line text-ink-soft rounded-2xl border border-dashed px-5 py-8 text-center">
          No saved addresses yet. Click &quot;Add Address&quot; to add one.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          {addresses.map((address) => (
            <li
              key={address.id}
              tabIndex={-1}
              ref={(item) => {
                if (item && focusNext.current === address.id) {
                  item.focus();
                  focusNext.current = undefined;
                }
              }}
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
                onClick={() => void remove(address.id)}
              >
                <TrashIcon className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
