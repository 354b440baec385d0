import { useState } from 'react';

/** Controlled values for a small form, starting from `initial` (empty by default). */
export function useFormFields<Field extends string>(
  fields: readonly Field[],
  initial: Partial<Record<Field, string>> = {},
) {
  const start = () =>
    Object.fromEntries(fields.map((field) => [field, initial[field] ?? ''])) as Record<Field, string>;
  const [values, setValues] = useState(start);
  return {
    values,
    set: (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value })),
  };
}
