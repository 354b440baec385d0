// The text fields the shapes' schemas are made of. Zod: the server runs these; the browser
// imports a schema module only for its types (`import type`), so none of this reaches its bundles.
import { z } from 'astro/zod';
import { withoutBidiControls } from '#src/lib/bidi.ts';

/** C0 and C1 control characters; a message may still hold tabs and line breaks. */
const CONTROL = /\p{Cc}/u;
const CONTROL_EXCEPT_LINES = /[^\P{Cc}\t\n\r]/u;

/**
 * Trimmed text of at most `max` code points, well-formed Unicode, without control characters, and
 * with its bidirectional controls taken out (see src/lib/bidi.ts).
 */
function checkedText(label: string, max: number, multiline: boolean, required: z.core.$ZodErrorMap) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? required(issue) : `${label} must be text.`) })
    .transform((value) => withoutBidiControls(value).trim())
    .refine(
      (value) => [...value].length <= max,
      `${label} must be at most ${max.toLocaleString('en-US')} characters.`,
    )
    .refine((value) => value.isWellFormed(), `${label} is not valid Unicode text.`)
    .refine(
      (value) => !(multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value),
      `${label} must not contain control characters.`,
    );
}

/**
 * A required text field, trimmed, at most `max` characters (code points, so an emoji counts
 * once). Text that is not well-formed Unicode or carries control characters is refused.
 */
export function text(label: string, max: number, { multiline = false } = {}) {
  const required = `${label} is required.`;
  return checkedText(label, max, multiline, () => required).refine((value) => value !== '', {
    message: required,
    abort: true,
  });
}

/** An optional text field, checked as `text`; absent or blank reads as `''`. */
export function optionalText(label: string, max: number, { multiline = false } = {}) {
  return checkedText(label, max, multiline, () => undefined)
    .optional()
    .transform((value) => value ?? '');
}

/** A required email address, trimmed and lower-cased so one address is always stored alike. */
export function email() {
  return z
    .string({ error: (issue) => (issue.input === undefined ? 'Email is required.' : 'Email must be text.') })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Email must be at most 254 characters.')
    .pipe(z.email('Email must be a valid email address.'))
    .transform((value) => value.toLowerCase());
}
