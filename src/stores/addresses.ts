import { atom, onMount, type ReadableAtom } from 'nanostores';
import { $user, sessionEnded } from './authState.ts';
import { persistentAtom, type PersistentAtom } from './persistent.ts';
import { API, askShop, messageOf } from './shop.ts';
import { id, isRecord, listOf, text } from './shapes.ts';
import {
  ADDRESS_FIELDS,
  REQUIRED_ADDRESS_FIELDS,
  type AddressField,
  type AddressForm,
} from '#src/lib/shapes/address.ts';
import type { AnsweredAddress } from '#src/lib/shapes/address.schema.ts';

/**
 * One address book per account, shared by checkout and profile: every field either form fills, as
 * the shop keeps it and answers it (`phoneDisplay`: the phone as people write it, for showing).
 * The shop keeps the book; `addresses:<user id>` is this browser's copy of it.
 */
export type Address = AnsweredAddress;

export type AddressInput = Partial<Omit<Address, 'id'>>;
export type { AddressForm };

const FIELDS = [...ADDRESS_FIELDS, 'phoneDisplay'] as const;

/** The storage key of a user's address book. */
function addressesKey(userId: string): string {
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

/** Keeps the book the shop sent for an account as this browser's copy; false if storage refused. */
export function keepAddressBook(userId: string, value: unknown): boolean {
  return bookOf(userId).save(listOf(value, parseAddress));
}

const UNREACHABLE = "We couldn't reach the shop, so the address was not saved. Please try again.";

export type AddAddressResult =
  | { ok: true; address: Address; saved: boolean }
  | { ok: false; reason: 'missing-fields'; missing: AddressField[] }
  /** `signed-out`: the session ended; `refused`: the shop named what is wrong; `failed`: not reached. */
  | { ok: false; reason: 'signed-out' | 'refused' | 'failed'; message: string };

/**
 * Saves a new address in the signed-in account's book on the shop when the form's required
 * fields are filled (otherwise names the missing ones), then in this browser's copy. Values are
 * trimmed.
 */
export async function addAddress(input: AddressInput, form: AddressForm): Promise<AddAddressResult> {
  const current = $user.get();
  if (!current) return { ok: false, reason: 'signed-out', message: 'Please sign in again.' };
  const fields = fieldsOf(input);
  const missing = REQUIRED_ADDRESS_FIELDS[form].filter((field) => fields[field] === '');
  if (missing.length > 0) return { ok: false, reason: 'missing-fields', missing };
  const answer = await askShop(API.addresses, { method: 'POST', json: fields });
  if (answer?.status === 401) {
    sessionEnded();
    return { ok: false, reason: 'signed-out', message: 'Please sign in again.' };
  }
  const address = answer?.status === 201 ? parseAddress(answer.body.address) : undefined;
  if (!address) {
    const refused = answer !== undefined && answer.status < 500;
    return { ok: false, reason: refused ? 'refused' : 'failed', message: messageOf(answer, UNREACHABLE) };
  }
  const book = bookOf(current.id);
  return { ok: true, address, saved: book.save([...book.get(), address]) };
}

/** Removes an address from the shop's book and this browser's copy; `ok` false when the shop was not reached. */
export async function removeAddress(addressId: string): Promise<{ ok: boolean; saved: boolean }> {
  const current = $user.get();
  if (!current) return { ok: true, saved: true };
  const answer = await askShop(`${API.addresses}/${encodeURIComponent(addressId)}`, { method: 'DELETE' });
  if (answer?.status === 401) sessionEnded();
  // The shop's own answer that the address is gone (removed now, or before): a page of something
  // else in its place (a captive portal's, a proxy's 404) removes nothing.
  const gone =
    answer?.status === 200
      ? answer.body.success === true
      : answer?.status === 404 && answer.body.success === false;
  if (!gone) return { ok: false, saved: true };
  const book = bookOf(current.id);
  const list = book.get();
  if (!list.some((entry) => entry.id === addressId)) return { ok: true, saved: true };
  return { ok: true, saved: book.save(list.filter((entry) => entry.id !== addressId)) };
}
