import { REQUIRED_FIELDS, type AddressForm, type AddressInput } from '../../stores/addresses';
import { toast } from '../toast/toast';
import { useFormFields } from './useFormFields';

/**
 * An address form's values, and each field's props: required as the address book requires it for
 * this form, and `missing` (a toast of `message`) raised when the browser stops a submit.
 */
export function useAddressForm<Field extends keyof AddressInput>(
  form: AddressForm,
  fields: readonly Field[],
  message: string,
  initial: Partial<Record<Field, string>> = {},
) {
  const { values, set, reset } = useFormFields(fields, initial);
  const missing = () => toast.error(message, { id: message });
  const field = (name: Field) => ({
    value: values[name],
    onChange: set(name),
    required: REQUIRED_FIELDS[form].includes(name),
    onRequiredMissing: missing,
  });
  return { values, reset, missing, field };
}
