// The full metadata: the number types (premium-rate, satellite …) and each country's valid ranges.
import {
  getCountries,
  parsePhoneNumberFromString,
  type CountryCode,
  type PhoneNumberType,
} from 'libphonenumber-js/max';
import { HOME_COUNTRY, SHIPPING_COUNTRIES } from '#src/lib/countries.ts';

export type NormalisedPhone = { ok: true; phone: string } | { ok: false; message: string };

/**
 * The shop's default calling code for numbers typed without one: `DEFAULT_COUNTRY_CODE` (`44` or
 * `+44`), else 1. Anything else throws, naming it: a wrong code would misread every such number.
 */
export function defaultCountryCode(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env['DEFAULT_COUNTRY_CODE'];
  if (!configured) return '1';
  const digits = configured.replace(/^\+/, '');
  if (!/^\d{1,3}$/.test(digits)) {
    throw new Error(
      `DEFAULT_COUNTRY_CODE must be a calling code of 1 to 3 digits (44, or +44), not "${configured}".`,
    );
  }
  return digits;
}

/** What a person may type around the digits of a phone number. */
const FORMATTING = /[\s\-.()/]/g;

/**
 * `00…` (most of the world's international prefix) and, with the calling code 1, `011…` (North
 * America's) written as `+`: `001 415 555 0199` is `+1 415 555 0199`, not another account.
 */
function withPlus(typed: string, countryCode: string): string {
  if (typed.startsWith('00')) return `+${typed.slice(2)}`;
  if (countryCode === '1' && typed.startsWith('011')) return `+${typed.slice(3)}`;
  return typed;
}

/**
 * One phone, one form: the number in E.164 (`+14155550199`), read with the shop's calling code
 * when none is typed, so `415-555-0199`, `(415) 555 0199` and `+1 415 555 0199` are one account.
 * Letters, fewer than 7 or more than 15 digits, or a number its country has no such line for
 * (`0000000`, a 12-digit US number) are refused with a message for the phone step.
 */
export function normalisePhone(input: string, countryCode = defaultCountryCode()): NormalisedPhone {
  const typed = withPlus(input.trim().replace(FORMATTING, ''), countryCode);
  if (typed === '') return { ok: false, message: 'Enter your phone number.' };
  if (!/^\+?\d+$/.test(typed)) {
    return { ok: false, message: 'A phone number has only digits (and a + before the country code).' };
  }
  const digits = typed.replace('+', '').length;
  if (digits < 7 || digits > 15) {
    return { ok: false, message: 'A phone number has 7 to 15 digits. Please check yours.' };
  }
  const parsed = parsePhoneNumberFromString(typed, { defaultCallingCode: countryCode });
  const e164 = parsed?.number;
  if (!e164 || e164.length > 16 || !parsed.isValid()) {
    return {
      ok: false,
      message: 'That is not a valid phone number. Please check it, with its country code.',
    };
  }
  return { ok: true, phone: e164 };
}

/** The kinds of line a code is texted to; premium-rate, shared-cost, pagers and the like never. */
const TEXTABLE_TYPES: ReadonlySet<PhoneNumberType> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * Why a code is not texted to `phone` (E.164, normalised), or undefined when it may be: only to a
 * mobile line in a country of `countries`. A satellite or other worldwide number has no country.
 */
export function whyNotTextable(phone: string, countries: ReadonlySet<string>): string | undefined {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed?.country || !countries.has(parsed.country)) {
    return 'We can only text codes to phones in the countries we deliver to.';
  }
  const type = parsed.getType();
  if (!type || !TEXTABLE_TYPES.has(type)) {
    return 'We can only text codes to a mobile phone. Please give a mobile number.';
  }
  return undefined;
}

/** Country codes (ISO 3166) by their English names, long and short (`United States`, `US`). */
function countryCodesByName(): Map<string, CountryCode> {
  const names = new Map<string, CountryCode>();
  for (const style of ['long', 'short'] as const) {
    const display = new Intl.DisplayNames(['en'], { type: 'region', style });
    for (const code of getCountries()) names.set(display.of(code) ?? code, code);
  }
  return names;
}

/** The country codes (ISO 3166) of the countries the shop delivers to, by their English names. */
function shippingCountryCodes(): string[] {
  const names = countryCodesByName();
  return SHIPPING_COUNTRIES.flatMap((name) => names.get(name) ?? []);
}

/** The shop's own country's code (`US`): its phones are written as its people write them. */
const HOME_REGION = countryCodesByName().get(HOME_COUNTRY);

/**
 * A phone as people write it: in the national format at home (`(415) 555-0199`), in the
 * international one otherwise (`+44 20 7946 0958`). Kept and answered in E.164, shown in this;
 * text that is no phone (an older order's, as typed) is shown as it is.
 */
export function phoneForPeople(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone, { defaultCallingCode: defaultCountryCode() });
  if (!parsed) return phone;
  return parsed.country === HOME_REGION ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * Where sign-in codes are texted: `SMS_COUNTRIES`, a comma list of country codes (`US, CA, GB`),
 * else the countries the shop delivers to. An unknown code throws, naming it.
 */
export function smsCountriesFromEnv(env: NodeJS.ProcessEnv = process.env): ReadonlySet<string> {
  const configured = env['SMS_COUNTRIES']?.trim();
  if (!configured) return new Set(shippingCountryCodes());
  const known = new Set<string>(getCountries());
  const codes = configured.split(',').map((code) => code.trim().toUpperCase());
  for (const code of codes) {
    if (!known.has(code)) {
      throw new Error(`SMS_COUNTRIES must be a comma list of country codes (US, CA, GB), not "${code}".`);
    }
  }
  return new Set(codes);
}

/** A phone as logs and the merchant's screens may show it: only its last four digits. */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? '••••' : `${'•'.repeat(phone.length - 4)}${phone.slice(-4)}`;
}

/**
 * A phone as the API answers it: in E.164 (an older entry kept as typed is read as E.164 when it is
 * a phone), and as people write it, `phoneDisplay`, for pages to show. Empty stays empty.
 */
export function phoneFields(phone: string): { phone: string; phoneDisplay: string } {
  if (phone === '') return { phone, phoneDisplay: '' };
  const normalised = normalisePhone(phone);
  const e164 = normalised.ok ? normalised.phone : phone;
  return { phone: e164, phoneDisplay: phoneForPeople(e164) };
}
