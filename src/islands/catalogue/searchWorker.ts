/// <reference lib="webworker" />
import { answerSearch, prepareSearch } from '#src/lib/search.ts';
import type { CatalogueItem } from '#src/lib/catalogueIndex.ts';
import type { ProductRatings } from '#src/lib/reviews.ts';
import type { ToSearchWorker, WorkerAnswer } from './backgroundSearch.ts';

/**
 * The catalogue's searches, off the page's thread: ranking 2,400 products took about 14 ms of
 * each keystroke before the box could show the letter typed. Messages are answered in order.
 */
let items: readonly CatalogueItem[] = [];
let places = new Map<CatalogueItem, number>();
let ratings: ProductRatings = {};

const placesOf = (found: readonly CatalogueItem[]) => found.map((item) => places.get(item) ?? -1);

self.addEventListener('message', ({ data }: MessageEvent<ToSearchWorker>) => {
  if (data.type === 'index') {
    items = data.items;
    places = new Map(items.map((item, place) => [item, place]));
    prepareSearch(items);
  } else if (data.type === 'ratings') {
    ratings = data.ratings;
  } else {
    const { search, help } = answerSearch(items, data.query, ratings);
    const { items: page, ...rest } = search.found;
    const answer: WorkerAnswer = {
      turn: data.turn,
      found: { ...rest, places: placesOf(page) },
      counts: search.counts,
    };
    if (help) answer.help = { ...help, bestSellers: placesOf(help.bestSellers) };
    postMessage(answer);
  }
});
