import type { Address } from '#src/stores/addresses.ts';

interface Props {
  address: Partial<Address>;
  /** Which field leads: checkout names the recipient, the profile names the place. */
  lead: 'name' | 'label';
}

/** An address as a few lines of text, skipping what it lacks (forms fill different fields). */
export default function AddressLines({ address, lead }: Props) {
  const other = lead === 'name' ? 'label' : 'name';
  const title = address[lead] || address[other];
  const subtitle = address[lead] ? address[other] : '';
  const region = [address.state, address.zip].filter(Boolean).join(' ');
  const locality = [address.city, region].filter(Boolean).join(', ');
  const phone = address.phoneDisplay || address.phone;
  const lines = [subtitle, address.street, locality, address.country, phone].filter((line): line is string =>
    Boolean(line),
  );
  return (
    <div className="min-w-0 wrap-anywhere">
      {title && <p className="text-ink font-semibold">{title}</p>}
      {lines.map((line, index) => (
        <p key={index} className="text-ink-soft text-sm leading-relaxed">
          {line}
        </p>
      ))}
    </div>
  );
}
