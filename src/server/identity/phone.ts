import { parsePhoneNumberFromString } from 'libphonenumber-js';

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
 * One phone, one form: the number in E.164 (`+14155550199`), read with the shop's calling code
 * when none is typed, so `415-555-0199`, `(415) 555 0199` and `+1 415 555 0199` are one account.
 * Letters, or fewer than 7 or more than 15 digits, are refused with a message for the phone step.
 */
export function normalisePhone(input: string, countryCode = defaultCountryCode()): NormalisedPhone {
  const typed = input.trim().replace(FORMATTING, '');
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
  if (!e164 || e164.length > 16) {
    return { ok: false, message: 'That is not a phone number we can send a code to. Please check it.' };
  }
  return { ok: true, phone: e164 };
}

/** A phone as logs and the merchant's screens may show it: only its last four digits. */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? '••••' : `${'•'.repeat(phone.length - 4)}${phone.slice(-4)}`;
}
