import type { SubmitEvent } from 'react';
import { toast } from '../toast/toast';
import { addAddress } from '../../stores/addresses';
import TextField from '../account/TextField';
import { useFormFields } from '../account/useFormFields';
import { warnNotSaved } from '../account/notSavedWarning';

const FIELDS = ['label', 'country', 'street', 'city', 'state', 'zip'] as const;
const MISSING = 'Please fill in all required fields';

interface Props {
  id: string;
  onClose: () => void;
}

/** The profile's address form: the spec's fields and its own required rule. */
export default function ProfileAddressForm({ id, onClose }: Props) {
  const { values, set } = useFormFields(FIELDS);
  const missing = () => toast.error(MISSING, { id: MISSING });

  function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = addAddress(values, 'profile');
    if (!result.ok) {
      missing();
      return;
    }
    toast.success('Address added successfully!');
    if (!result.saved) warnNotSaved();
    onClose();
  }

  return (
    <form
      id={id}
      onSubmit={save}
      aria-label="New address"
      className="border-line bg-cream/60 grid gap-4 rounded-2xl border p-5 sm:grid-cols-2"
    >
      <TextField
        label="Label"
        required
        placeholder="Home, Office…"
        value={values.label}
        onChange={set('label')}
        onRequiredMissing={missing}
      />
      <TextField
        label="Country"
        autoComplete="country-name"
        value={values.country}
        onChange={set('country')}
      />
      <TextField
        className="sm:col-span-2"
        label="Street Address"
        required
        autoComplete="street-address"
        value={values.street}
        onChange={set('street')}
        onRequiredMissing={missing}
      />
      <TextField
        label="City"
        required
        autoComplete="address-level2"
        value={values.city}
        onChange={set('city')}
        onRequiredMissing={missing}
      />
      <TextField
        label="State/Province"
        autoComplete="address-level1"
        value={values.state}
        onChange={set('state')}
      />
      <TextField
        label="ZIP/Postal Code"
        autoComplete="postal-code"
        value={values.zip}
        onChange={set('zip')}
      />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className="btn-primary">
          Save Address
        </button>
        <button type="button" className="btn-outline" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
