// An address as it crosses between the browser and the shop: one shape for both sides.

/** One entry of an account's address book: every field either address form fills. */
export interface SavedAddress {
  id: string;
  label: string;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
}

export type AddressFields = Omit<SavedAddress, 'id'>;

/** Where an address is typed: at checkout, or in the profile's address book. */
export type AddressForm = 'checkout' | 'profile';
