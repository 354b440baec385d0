import type { SubmitEvent } from 'react';
import type { Address, AddressForm as Form, AddressInput } from '#src/stores/addresses.ts';
import { HOME_COUNTRY, regionLabels } from '#src/lib/countries.ts';
import { unavailableWhile } from '#src/islands/common/keepFocus.ts';
import CountryField from './CountryField.tsx';
import TextField from './TextField.tsx';
import { useAddressForm } from './useAddressForm.ts';

/** What each form asks for and says (the spec words the two differently). */
const FORMS: Record<
  Form,
  { fields: readonly (keyof AddressInput)[]; missing: string; added: string; name: string }
> = {
  checkout: {
    fields: ['name', 'country', 'street', 'city', 'state', 'zip', 'phone'],
    missing: 'Please fill all required fields',
    added: 'Address added successfully',
    name: 'New delivery address',
  },
  profile: {
    fields: ['label', 'country', 'street', 'city', 'state', 'zip'],
    missing: 'Please fill in all required fields',
    added: 'Address added successfully!',
    name: 'New address',
  },
};

interface Props {
  id: string;
  form: Form;
  /** What the form starts with besides the home country (checkout: the shopper's name and phone). */
  initial?: AddressInput | undefined;
  onAdded: (address: Address) => void;
  /** Given, the form has its own Cancel button. */
  onCancel?: (() => void) | undefined;
}

/**
 * A new address for the account's book: checkout names the recipient and a phone, the profile a
 * label; both the country and the postal fields, named as that country names them.
 */
export default function AddressForm({ id, form, initial, onAdded, onCancel }: Props) {
  const { fields, missing, added, name } = FORMS[form];
  const { values, field, save, saving } = useAddressForm(form, fields, missing, {
    ...initial,
    country: HOME_COUNTRY,
  });
  const labels = regionLabels(values.country, form);
  const checkout = form === 'checkout';

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void save(added, onAdded);
  }

  return (
    <form
      id={id}
      onSubmit={submit}
      aria-label={name}
      className="border-line bg-cream/60 grid gap-4 rounded-2xl border p-5 sm:grid-cols-2"
    >
      {checkout ? (
        <TextField
          className="sm:col-span-2"
          label="Full Name"
          autoComplete="name"
          autoFocus
          {...field('name')}
        />
      ) : (
        <TextField label="Label" placeholder="Home, Office…" autoFocus {...field('label')} />
      )}
      <CountryField className={checkout ? 'sm:col-span-2' : ''} {...field('country')} />
      <TextField
        className="sm:col-span-2"
        label="Street Address"
        autoComplete="street-address"
        {...field('street')}
      />
      <TextField label="City" autoComplete="address-level2" {...field('city')} />
      <TextField label={labels.state} autoComplete="address-level1" {...field('state')} />
      <TextField label={labels.zip} autoComplete="postal-code" {...field('zip')} />
      {checkout && <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button
          type="submit"
          className={onCancel ? 'btn-primary' : 'btn-primary w-full sm:w-auto'}
          {...unavailableWhile(saving)}
          aria-busy={saving}
        >
          Save Address
        </button>
        {onCancel && (
          <button type="button" className="btn-outline" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
