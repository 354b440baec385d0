import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishedReview, RatingSummary } from '#src/lib/reviews.ts';
import type * as StoreModule from '#src/server/store/index.ts';
import { publishedReview, summariesOf } from './api.ts';

/** A product's approved reviews as the build saw them: its summary and the newest few. */
export interface BuiltReviews {
  summary: RatingSummary;
  reviews: PublishedReview[];
}

/** How many reviews a product page's structured data quotes. */
const QUOTED = 3;

/**
 * The approved reviews in the database the build sees (`DATABASE_URL`, or `DATA_DIR`'s SQLite
 * file when there is one), by product. None when there is no database or it cannot be read: a
 * page then says nothing of ratings, never a made-up one.
 */
export async function reviewsAtBuild(
  env: NodeJS.ProcessEnv = process.env,
): Promise<Map<string, BuiltReviews>> {
  const databaseUrl = env['DATABASE_URL'] || undefined;
  const dataDir = env['DATA_DIR'] || 'data';
  if (!databaseUrl && !existsSync(join(resolve(dataDir), 'shop.sqlite'))) return new Map();
  // The store from its source, as the merchant's commands load it: bundled into the build, its
  // SQLite worker (a file of its own) would not be found.
  const source = pathToFileURL(resolve('src/server/store/index.ts')).href;
  const { createStore } = (await import(/* @vite-ignore */ source)) as typeof StoreModule;
  const store = createStore({ databaseUrl, dataDir });
  try {
    const built = new Map<string, BuiltReviews>();
    for (const [productId, summary] of summariesOf(await store.ratingCounts())) {
      const newest = await store.approvedReviews(productId, { limit: QUOTED, offset: 0 });
      built.set(productId, { summary, reviews: newest.map(publishedReview) });
    }
    return built;
  } catch (error) {
    console.warn(
      `[reviews] no ratings in the structured data: ${error instanceof Error ? error.message : String(error)}`,
    );
    return new Map();
  } finally {
    await store.close();
  }
}
