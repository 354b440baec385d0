import { useState } from 'react';

/** Controlled values for a small form: what the shopper typed stays until `reset`. */
export function useFormFields<Field extends string>(fields: readonly Field[]) {
  const empty = () => Object.fromEntries(fields.map((field) => [field, ''])) as Record<Field, string>;
  const [values, setValues] = useState(empty);
  return {
    values,
    set: (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value })),
    reset: () => setValues(empty),
  };
}
