// An address as it crosses between the browser and the shop. Zod: the server's only; the browser
// imports this module's types (`import type`) and the rules in address.ts.
import { z } from 'astro/zod';
import { HOME_COUNTRY } from '#src/lib/countries.ts';
import { REQUIRED_ADDRESS_FIELDS, type AddressField } from './address.ts';
import { optionalText, text } from './fields.ts';

/** Each field's name in the shop's messages, and the most it may hold. */
const FIELD_TEXT: Record<AddressField, { label: string; max: number }> = {
  label: { label: 'Label', max: 100 },
  name: { label: 'Full Name', max: 100 },
  street: { label: 'Street Address', max: 200 },
  city: { label: 'City', max: 100 },
  state: { label: 'State', max: 100 },
  zip: { label: 'ZIP Code', max: 20 },
  country: { label: 'Country', max: 60 },
  phone: { label: 'Phone', max: 40 },
};

/** A posted field: "… is required." when `required` lists it, else optional (absent reads as ''). */
function field(
  name: AddressField,
  required: readonly AddressField[],
  label = FIELD_TEXT[name].label,
): z.ZodType<string, string | undefined> {
  const { max } = FIELD_TEXT[name];
  return required.includes(name) ? text(label, max) : optionalText(label, max);
}

/** The fields every form requires: what any address in the book has. */
const REQUIRED_IN_EVERY_FORM = REQUIRED_ADDRESS_FIELDS.checkout.filter((name) =>
  REQUIRED_ADDRESS_FIELDS.profile.includes(name),
);

const bookField = (name: AddressField) => field(name, REQUIRED_IN_EVERY_FORM);

/**
 * An address posted to the account's book (`POST /api/v1/account/addresses`), from checkout or
 * the profile: it holds what every form requires; each form requires its own fields before it
 * posts (`REQUIRED_ADDRESS_FIELDS`).
 */
export const addressFields = z.object(
  {
    label: bookField('label'),
    name: bookField('name'),
    street: bookField('street'),
    city: bookField('city'),
    state: bookField('state'),
    zip: bookField('zip'),
    country: bookField('country'),
    phone: bookField('phone'),
  },
  { error: 'Send a JSON object with the address fields.' },
);

export type AddressFields = z.infer<typeof addressFields>;

/** One entry of an account's address book: every field either address form fills. */
const savedAddress = addressFields.extend({ id: z.string() });

export type SavedAddress = z.infer<typeof savedAddress>;

/** An address as the API answers it: its phone in E.164, and as people write it. */
export const answeredAddress = savedAddress.extend({ phoneDisplay: z.string() });

export type AnsweredAddress = z.infer<typeof answeredAddress>;

const checkoutField = (name: AddressField, label?: string) =>
  field(name, REQUIRED_ADDRESS_FIELDS.checkout, label);

/** Where an order goes: the delivery address checkout posts with it, held to checkout's rule. */
export const deliveryAddress = z.object(
  {
    name: checkoutField('name'),
    street: checkoutField('street'),
    city: checkoutField('city'),
    state: checkoutField('state'),
    zip: checkoutField('zip'),
    // Where it goes decides its delivery window: the shop's own country when not said.
    country: checkoutField('country').transform((country) => country || HOME_COUNTRY),
    phone: checkoutField('phone', 'Address phone'),
  },
  { error: 'Address must be an object with name, street and city.' },
);

/**
 * An order's delivery address as stored: `country` is empty for orders placed before orders kept
 * it, and `phone` (the delivery contact, maybe empty) in E.164, or as typed for older orders.
 */
export type DeliveryAddress = z.infer<typeof deliveryAddress>;
