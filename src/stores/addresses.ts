import { atom, onMount, type ReadableAtom } from 'nanostores';
import { $user } from './auth';
import { persistentAtom, timestampId, type PersistentAtom } from './persistent';
import { id, isRecord, listOf, text } from './shapes';

/** One address book per user, shared by checkout and profile: every field either form fills. */
export interface Address {
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

export type AddressInput = Partial<Omit<Address, 'id'>>;
export type AddressForm = 'checkout' | 'profile';

const FIELDS = ['label', 'name', 'street', 'city', 'state', 'zip', 'country', 'phone'] as const;

/** The fields each form requires before it saves an address. */
export const REQUIRED_FIELDS: Record<AddressForm, readonly (keyof AddressInput)[]> = {
  checkout: ['name', 'street', 'city'],
  profile: ['label', 'street', 'city'],
};

/** The storage key of a user's address book. */
export function addressesKey(userId: string): string {
  return `addresses:${userId}`;
}

/**
 * Any stored object read as an address: missing fields are empty (an order's address may lack its
 * id), and `zipCode`, which older profile forms wrote, is read as `zip`.
 */
export function readAddress(value: Record<string, unknown>): Address {
  const address: Address = { id: id(value.id) ?? '', ...fieldsOf(value) };
  if (address.zip === '') address.zip = text(value.zipCode).trim();
  return address;
}

/** An address book entry: an object with an id. */
export function parseAddress(value: unknown): Address | undefined {
  if (!isRecord(value)) return undefined;
  const address = readAddress(value);
  return address.id === '' ? undefined : address;
}

function fieldsOf(value: Record<string, unknown>): Omit<Address, 'id'> {
  const entries = FIELDS.map((field) => [field, text(value[field]).trim()] as const);
  return Object.fromEntries(entries) as Omit<Address, 'id'>;
}

const books = new Map<string, PersistentAtom<Address[]>>();

function bookOf(userId: string): PersistentAtom<Address[]> {
  let book = books.get(userId);
  if (!book) {
    book = persistentAtom<Address[]>(addressesKey(userId), [], (json) => listOf(json, parseAddress));
    books.set(userId, book);
  }
  return book;
}

const addresses = atom<Address[]>([]);

// Follows the signed-in user's book: signing in as someone else, here or in another tab, switches it.
onMount(addresses, () => {
  let stopBook = () => {};
  const stopUser = $user.subscribe((current) => {
    stopBook();
    if (current) {
      stopBook = bookOf(current.id).subscribe((list) => addresses.set([...list]));
    } else {
      stopBook = () => {};
      addresses.set([]);
    }
  });
  return () => {
    stopUser();
    stopBook();
  };
});

/** The signed-in user's saved addresses, oldest first; empty for a visitor. */
export const $addresses: ReadableAtom<Address[]> = addresses;

export type AddAddressResult =
  | { ok: true; address: Address; saved: boolean }
  | { ok: false; reason: 'missing-fields' | 'signed-out'; missing: (keyof AddressInput)[] };

/**
 * Saves a new address (id from the timestamp) in the signed-in user's book when the form's
 * required fields are filled; otherwise names the missing ones. Values are trimmed.
 */
export function addAddress(input: AddressInput, form: AddressForm): AddAddressResult {
  const current = $user.get();
  if (!current) return { ok: false, reason: 'signed-out', missing: [] };
  const fields = fieldsOf(input);
  const missing = REQUIRED_FIELDS[form].filter((field) => fields[field] === '');
  if (missing.length > 0) return { ok: false, reason: 'missing-fields', missing };
  const book = bookOf(current.id);
  const list = book.get();
  const address = { id: timestampId(list.map((entry) => entry.id)), ...fields };
  return { ok: true, address, saved: book.save([...list, address]) };
}

export function removeAddress(addressId: string): { saved: boolean } {
  const current = $user.get();
  if (!current) return { saved: true };
  const book = bookOf(current.id);
  const list = book.get();
  if (!list.some((entry) => entry.id === addressId)) return { saved: true };
  return { saved: book.save(list.filter((entry) => entry.id !== addressId)) };
}
