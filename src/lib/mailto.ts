/** A `mailto:` link that opens a new email to `to` with `subject` filled in, safely encoded. */
export function mailtoHref(to: string, subject: string): string {
  return `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}
