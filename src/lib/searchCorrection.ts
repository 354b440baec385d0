import type { CatalogueItem } from './catalogueIndex.ts';
import type { CatalogueQuery } from './catalogueQuery.ts';
import { needleOf, searchTextOf } from './searchMatch.ts';
import { searchable, withinEdits, wordsOf } from './searchText.ts';

/** How many of `word`'s letters `name` does not hold, each letter counted as often as it comes. */
function lettersLacking(word: string, name: string): number {
  const left = [...name];
  let lacking = 0;
  for (const letter of word) {
    const place = left.indexOf(letter);
    if (place === -1) lacking += 1;
    else left.splice(place, 1);
  }
  return lacking;
}

/**
 * A search with no results, corrected: each word no product holds becomes the nearest word of a
 * product's name (title or other name) within three letters that holds all but one of its
 * letters at most, when there is one ("tumricc" → "turmeric"). A typo moves, doubles or drops a
 * letter; a word of its own ("sugar", "creme") is not a typo of the name it is three letters
 * from ("star", "true"), and gets the best sellers. Undefined when no word could be corrected.
 */
function closeSearch(items: readonly CatalogueItem[], query: string): string | undefined {
  const names = new Set(
    items.flatMap((item) => wordsOf(searchable(`${item.title}\n${item.aliases.join('\n')}`))),
  );
  let corrected = false;
  const words = needleOf(query).words.map(({ word }) => {
    if (word.length < 4 || items.some((item) => searchTextOf(item).everything.includes(word))) return word;
    for (let max = 1; max <= 3; max += 1) {
      const near = [...names].find(
        (name) => name.length >= 4 && withinEdits(word, name, max) && lettersLacking(word, name) <= 1,
      );
      if (near) {
        corrected = true;
        return near;
      }
    }
    return word;
  });
  return corrected ? words.join(' ') : undefined;
}

/** What a search with no results offers instead: a corrected search, else the best sellers. */
export interface NoResultsHelp {
  closeSearch?: string;
  bestSellers: CatalogueItem[];
}

/** Help for a query that found nothing (only worked out then: it reads every product's name). */
export function noResultsHelp(
  items: readonly CatalogueItem[],
  query: Pick<CatalogueQuery, 'query'>,
): NoResultsHelp {
  const close = query.query.trim() ? closeSearch(items, query.query) : undefined;
  if (close) return { closeSearch: close, bestSellers: [] };
  return { bestSellers: items.filter((item) => item.bestSeller) };
}
