import type { CatalogueItem } from './catalogueIndex.ts';
import type { CatalogueQuery } from './catalogueQuery.ts';
import { searchable, withinEdits, wordsOf } from './searchText.ts';

interface SearchText {
  title: string;
  aliases: string;
  everything: string;
  /**
   * The distinct words of the title and other names, then of everything, for words with a typo:
   * as their numbers in `vocabulary`.
   */
  nameWords: number[];
  words: number[];
}

const searchTexts = new WeakMap<CatalogueItem, SearchText>();

/**
 * Every distinct word of the searched items, numbered once: a search remembers which are close to
 * its words by number, where a map from text to answer cost a lookup per word of every product.
 */
const vocabulary: string[] = [];
const wordNumbers = new Map<string, number>();

const wordNumbersOf = (text: string) =>
  wordsOf(text).map((word) => {
    let number = wordNumbers.get(word);
    if (number === undefined) {
      number = vocabulary.push(word) - 1;
      wordNumbers.set(word, number);
    }
    return number;
  });

/** An item's searchable text, worked out once per item. */
export function searchTextOf(item: CatalogueItem): SearchText {
  let text = searchTexts.get(item);
  if (!text) {
    const title = searchable(item.title);
    const aliases = searchable(item.aliases.join('\n'));
    const rest = searchable([...item.ingredients, ...item.tags, item.origin, item.variety].join('\n'));
    const everything = `${title}\n${aliases}\n${rest}`;
    text = {
      title,
      aliases,
      everything,
      nameWords: wordNumbersOf(`${title}\n${aliases}`),
      words: wordNumbersOf(everything),
    };
    searchTexts.set(item, text);
  }
  return text;
}

/** The typos a search word may hold: none under 4 letters, one up to 7, two from 8 ("corriandr"). */
const typosAllowed = (word: string) => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2);

/**
 * Whether a search word is, give or take its typos, one of the catalogue's words. Remembered per
 * search for each catalogue word, so a keystroke measures each distinct word once, not once per
 * product that holds it.
 */
function closeWordFinder(word: string): (candidate: number) => boolean {
  const max = typosAllowed(word);
  const known: boolean[] = [];
  return (candidate) => {
    if (max === 0) return false;
    let close = known[candidate];
    if (close === undefined) {
      close = withinEdits(word, vocabulary[candidate] ?? '', max);
      known[candidate] = close;
    }
    return close;
  };
}

/** A search text, split once per search: the whole, and each word with its typo matcher. */
interface Needle {
  text: string;
  words: { word: string; isClose: (candidate: number) => boolean }[];
}

export function needleOf(query: string): Needle {
  const text = searchable(query.trim());
  return {
    text,
    words: text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({ word, isClose: closeWordFinder(word) })),
  };
}

/**
 * How well an item (its search text) matches a search with text: 0 for the title, 1 for another name, 2 when every word is
 * somewhere in its title, names, ingredients, tags, origin or category; with typos forgiven, 3
 * when every word is within its typos of a word of its title or names, 4 of any of its words;
 * undefined for no match. Every title that contains the text matches.
 */
function matchRank(text: SearchText, needle: Needle): number | undefined {
  if (text.title.includes(needle.text)) return 0;
  if (text.aliases.includes(needle.text)) return 1;
  const inText = needle.words.map(({ word }) => text.everything.includes(word));
  if (inText.every(Boolean)) return 2;
  const nearly = (words: number[]) =>
    needle.words.every(({ isClose }, place) => inText[place] || words.some(isClose));
  if (nearly(text.nameWords)) return 3;
  return nearly(text.words) ? 4 : undefined;
}

/** Each item's match rank for the search text (see `matchRank`), in the order of `items`. */
export function matchRanks(items: readonly CatalogueItem[], query: Pick<CatalogueQuery, 'query'>) {
  const needle = needleOf(query.query);
  // No search text: everything matches, as a title.
  if (!needle.text) return items.map(() => 0);
  // Every item's words are numbered before the search's typo matchers first look one up.
  const texts = items.map(searchTextOf);
  return texts.map((text) => matchRank(text, needle));
}

/** Match ranks run from 0 (the title) to 4 (every word within its typos of one of the product's). */
export const RANKS = 5;
