import { useState } from 'react';

/**
 * Controlled values for a small form, starting from `initial` (empty by default): what the shopper
 * typed stays until `reset`, which goes back to `initial`.
 */
export function useFormFields<Field extends string>(
  fields: readonly Field[],
  initial: Partial<Record<Field, string>> = {},
) {
  const empty = () =>
    Object.fromEntries(fields.map((field) => [field, initial[field] ?? ''])) as Record<Field, string>;
  const [values, setValues] = useState(empty);
  return {
    values,
    set: (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value })),
    reset: () => setValues(empty),
  };
}
