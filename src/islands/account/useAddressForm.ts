import { useState } from 'react';
import { addAddress, type Address, type AddressForm, type AddressInput } from '#src/stores/addresses.ts';
import { REQUIRED_ADDRESS_FIELDS } from '#src/lib/shapes/address.ts';
import { warnNotSaved } from '#src/islands/common/notSaved.ts';
import { toast } from '#src/islands/toast/toast.ts';
import { useFormFields } from './useFormFields.ts';

/**
 * An address form's values, and each field's props: required as the address book requires it for
 * this form, and `missing` (a toast of `message`) raised when the browser stops a submit. `save`
 * adds the address to the account's book on the shop, toasts `added`, and hands it to `onSaved`.
 */
export function useAddressForm<Field extends keyof AddressInput>(
  form: AddressForm,
  fields: readonly Field[],
  message: string,
  initial: Partial<Record<Field, string>> = {},
) {
  const { values, set } = useFormFields(fields, initial);
  const [saving, setSaving] = useState(false);
  const missing = () => toast.error(message, { id: message });
  const field = (name: Field) => ({
    value: values[name],
    onChange: set(name),
    required: (REQUIRED_ADDRESS_FIELDS[form] as readonly string[]).includes(name),
    onRequiredMissing: missing,
  });

  async function save(added: string, onSaved: (address: Address) => void) {
    if (saving) return;
    setSaving(true);
    const result = await addAddress(values, form);
    setSaving(false);
    if (result.ok) {
      toast.success(added);
      if (!result.saved) warnNotSaved('addresses');
      onSaved(result.address);
    } else if (result.reason === 'missing-fields') {
      missing();
    } else {
      toast.error('Address not saved', { id: 'address-not-saved', description: result.message });
    }
  }

  return { values, field, save, saving };
}
