import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import {
  $addresses,
  type Address,
  type AddressForm as Form,
  type AddressInput,
} from '#src/stores/addresses.ts';
import { CloseIcon, PinIcon, PlusIcon } from '#src/islands/common/icons.tsx';
import { useFocusAfterDraw, type FocusAfterDraw } from '#src/islands/common/keepFocus.ts';
import AddressForm from './AddressForm.tsx';

/** What each card says; checkout's toggle closes its form, the profile's form has its own Cancel. */
const BOOKS: Record<Form, { title: string; add: string; close?: string; empty: string }> = {
  checkout: {
    title: 'Delivery Address',
    add: 'Add New',
    close: 'Cancel',
    empty: 'No saved addresses. Please add a delivery address.',
  },
  profile: {
    title: 'Saved Addresses',
    add: 'Add Address',
    empty: 'No saved addresses yet. Click "Add Address" to add one.',
  },
};

interface Props {
  form: Form;
  initial?: AddressInput;
  onAdded?: (address: Address) => void;
  /**
   * The saved addresses as this card lists them; `focus.target(id)` is the ref of an address's
   * element, which takes the focus when that address was just added. A list that removes an
   * address asks `focus.later` for the next one, or for BOOK_EMPTY.
   */
  children: (addresses: Address[], focus: FocusAfterDraw) => ReactNode;
}

/** The focus key of the book's "no saved addresses" line. */
export const BOOK_EMPTY = 'empty';
/** The focus key of the Add toggle. */
const ADD_TOGGLE = 'add';

/** An address book card: its heading, Add toggle, new-address form and the saved addresses. */
export default function AddressBook({ form, initial, onAdded, children }: Props) {
  const { title, add, close, empty } = BOOKS[form];
  const addresses = useStore($addresses);
  const checkout = form === 'checkout';
  // A first checkout opens with the form: with no saved address there is nothing else to do.
  const [adding, setAdding] = useState(checkout && addresses.length === 0);
  // A new address takes the focus once it is drawn, so a keyboard shopper goes on from there;
  // Cancel gives it back to the Add toggle that opened the form.
  const focus = useFocusAfterDraw();
  const headingId = `${form}-addresses-heading`;
  const formId = `${form}-new-address`;
  const closing = adding && close !== undefined;

  return (
    <section aria-labelledby={headingId} className="card p-5 sm:p-7">
      <div className={`${checkout ? 'mb-5' : 'mb-6'} flex flex-wrap items-center justify-between gap-3`}>
        {checkout ? (
          <h2 id={headingId} className="flex items-center gap-2.5 text-xl sm:text-2xl">
            <PinIcon className="text-saffron size-5 sm:size-6" />
            {title}
          </h2>
        ) : (
          <h2 id={headingId} className="text-2xl">
            {title}
          </h2>
        )}
        <button
          type="button"
          ref={focus.target(ADD_TOGGLE)}
          className="btn-outline min-h-10 px-4"
          aria-expanded={adding}
          aria-controls={adding ? formId : undefined}
          onClick={() => setAdding(!adding)}
        >
          {closing ? <CloseIcon className="size-4" /> : <PlusIcon className="size-4" />}
          {closing ? close : add}
        </button>
      </div>

      {adding && (
        <div className="mb-6 last:mb-0">
          <AddressForm
            id={formId}
            form={form}
            initial={initial}
            onAdded={(address) => {
              focus.later(address.id);
              setAdding(false);
              onAdded?.(address);
            }}
            onCancel={
              close === undefined
                ? () => {
                    focus.later(ADD_TOGGLE);
                    setAdding(false);
                  }
                : undefined
            }
          />
        </div>
      )}

      {addresses.length === 0
        ? // The open form is the answer to an empty book: the line would only repeat it.
          !adding && (
            <p
              ref={focus.target(BOOK_EMPTY)}
              tabIndex={-1}
              className="border-line text-ink-soft rounded-2xl border border-dashed px-5 py-8 text-center"
            >
              {empty}
            </p>
          )
        : children(addresses, focus)}
    </section>
  );
}
