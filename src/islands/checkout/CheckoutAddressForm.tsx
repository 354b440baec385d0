import type { SubmitEvent } from 'react';
import type { Address } from '../../stores/addresses';
import type { User } from '../../stores/auth';
import { HOME_COUNTRY, regionLabels } from '../../lib/countries';
import CountryField from '../account/CountryField';
import TextField from '../account/TextField';
import { useAddressForm } from '../account/useAddressForm';

const FIELDS = ['name', 'country', 'street', 'city', 'state', 'zip', 'phone'] as const;
const MISSING = 'Please fill all required fields';

interface Props {
  id: string;
  /** The signed-in shopper: the form starts with their name and phone. */
  user: Pick<User, 'name' | 'phone'>;
  onAdded: (address: Address) => void;
}

/**
 * Checkout's new-address form: name, country, postal fields named as that country names them, and
 * phone; required fields per the address book.
 */
export default function CheckoutAddressForm({ id, user, onAdded }: Props) {
  const { values, reset, field, save, saving } = useAddressForm('checkout', FIELDS, MISSING, {
    name: user.name,
    country: HOME_COUNTRY,
    phone: user.phone,
  });
  const labels = regionLabels(values.country, 'checkout');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void save('Address added successfully', (address) => {
      reset();
      onAdded(address);
    });
  }

  return (
    <form
      id={id}
      onSubmit={submit}
      aria-label="New delivery address"
      className="border-line bg-cream/60 grid gap-4 rounded-2xl border p-5 sm:grid-cols-2"
    >
      <TextField
        className="sm:col-span-2"
        label="Full Name"
        autoComplete="name"
        autoFocus
        {...field('name')}
      />
      <CountryField className="sm:col-span-2" {...field('country')} />
      <TextField
        className="sm:col-span-2"
        label="Street Address"
        autoComplete="street-address"
        {...field('street')}
      />
      <TextField label="City" autoComplete="address-level2" {...field('city')} />
      <TextField label={labels.state} autoComplete="address-level1" {...field('state')} />
      <TextField label={labels.zip} autoComplete="postal-code" {...field('zip')} />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={saving} aria-busy={saving}>
          Save Address
        </button>
      </div>
    </form>
  );
}
