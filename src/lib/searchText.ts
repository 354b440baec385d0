/**
 * Text as the catalogue search compares it: normalised, split into words, and words compared
 * give or take a typo.
 */

/** Text as search compares it: lower case, without accents or apostrophes ("Pimentón" = "pimenton"). */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’`]/g, '');
}

/** The distinct words of a searchable text. */
export const wordsOf = (text: string) => [...new Set(text.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];

/**
 * True when `a` becomes `b` with at most `max` letters added, removed or changed. It gives up as
 * soon as a whole row of the table is over `max`, so far-apart words cost a row or two.
 */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let row = Array.from({ length: b.length + 1 }, (_, column) => column);
  for (let i = 1; i <= a.length; i += 1) {
    const next = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + cost);
      next.push(value);
      if (value < best) best = value;
    }
    if (best > max) return false;
    row = next;
  }
  return (row[b.length] ?? max + 1) <= max;
}
