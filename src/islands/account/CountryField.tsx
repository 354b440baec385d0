import { useId } from 'react';
import { SHIPPING_COUNTRIES } from '#src/lib/countries.ts';

interface Props {
  value: string;
  onChange: (country: string) => void;
  className?: string;
}

/** The address forms' Country: a native choice of the countries the shop delivers to. */
export default function CountryField({ value, onChange, className = '' }: Props) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        Country
      </label>
      <select
        id={id}
        value={value}
        autoComplete="country-name"
        onChange={(event) => onChange(event.target.value)}
        className="field"
      >
        {SHIPPING_COUNTRIES.map((country) => (
          <option key={country}>{country}</option>
        ))}
      </select>
    </div>
  );
}
