import type { SubmitEvent } from 'react';
import type { Address } from '../../stores/addresses';
import { HOME_COUNTRY, regionLabels } from '../../lib/countries';
import CountryField from '../account/CountryField';
import TextField from '../account/TextField';
import { useAddressForm } from '../account/useAddressForm';

const FIELDS = ['label', 'country', 'street', 'city', 'state', 'zip'] as const;
const MISSING = 'Please fill in all required fields';

interface Props {
  id: string;
  onAdded: (address: Address) => void;
  onCancel: () => void;
}

/**
 * The profile's address form: label, country and the postal fields, named as the chosen country
 * names them; its own required fields.
 */
export default function ProfileAddressForm({ id, onAdded, onCancel }: Props) {
  const { values, field, save, saving } = useAddressForm('profile', FIELDS, MISSING, {
    country: HOME_COUNTRY,
  });
  const labels = regionLabels(values.country, 'profile');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void save('Address added successfully!', onAdded);
  }

  return (
    <form
      id={id}
      onSubmit={submit}
      aria-label="New address"
      className="border-line bg-cream/60 grid gap-4 rounded-2xl border p-5 sm:grid-cols-2"
    >
      <TextField label="Label" placeholder="Home, Office…" autoFocus {...field('label')} />
      <CountryField {...field('country')} />
      <TextField
        className="sm:col-span-2"
        label="Street Address"
        autoComplete="street-address"
        {...field('street')}
      />
      <TextField label="City" autoComplete="address-level2" {...field('city')} />
      <TextField label={labels.state} autoComplete="address-level1" {...field('state')} />
      <TextField label={labels.zip} autoComplete="postal-code" {...field('zip')} />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={saving} aria-busy={saving}>
          Save Address
        </button>
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
