// An address as it crosses between the browser and the shop: the rules both sides read at runtime
// (no zod here, so the browser's bundles stay without it; the schemas are in address.schema.ts).

/** Every field either address form fills, as the address book keeps it. */
export const ADDRESS_FIELDS = [
  'label',
  'name',
  'street',
  'city',
  'state',
  'zip',
  'country',
  'phone',
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** Where an address is typed: at checkout, or in the profile's address book. */
export type AddressForm = 'checkout' | 'profile';

/**
 * The fields each form requires (the spec's rules): checkout names the recipient, the profile a
 * label. The shop holds an order's address to checkout's rule and the book, which both fill, to
 * the fields every form requires.
 */
export const REQUIRED_ADDRESS_FIELDS: Record<AddressForm, readonly AddressField[]> = {
  checkout: ['name', 'street', 'city'],
  profile: ['label', 'street', 'city'],
};
