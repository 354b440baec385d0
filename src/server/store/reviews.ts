import { randomBytes } from 'node:crypto';
import type { ReviewDraft } from '#src/lib/shapes/review.schema.ts';
import type { SqlDriver, SqlExecutor } from './sql.ts';
import type { RatingCount, ReviewWithAuthor, StoredReview } from './types.ts';

const REVIEW_COLUMNS = `r.id, r.product_id AS "productId", r.account_id AS "accountId", r.rating, r.title,
  r.body AS text, r.state, r.created_at AS "createdAt", r.updated_at AS "updatedAt"`;

const WITH_AUTHOR = `SELECT ${REVIEW_COLUMNS}, r.author_name AS "authorName" FROM reviews r`;

/** A review's row: PostgreSQL may hand integers back as text. */
const reviewOf = <Row extends StoredReview>(row: Row): Row => ({ ...row, rating: Number(row.rating) });

/** A short id the merchant can type: `R-` and 10 hex digits. */
const newReviewId = () => `R-${randomBytes(5).toString('hex')}`;

async function mayReview(db: SqlExecutor, accountId: string, productId: string): Promise<boolean> {
  const rows = await db.all(
    `SELECT 1 AS delivered FROM orders o JOIN order_lines l ON l.order_id = o.id
     WHERE o.user_id = $1 AND o.status = 'delivered' AND l.product_id = $2 LIMIT 1`,
    [accountId, productId],
  );
  return rows.length > 0;
}

async function ownReview(db: SqlExecutor, accountId: string, productId: string) {
  const [row] = await db.all<StoredReview>(
    `SELECT ${REVIEW_COLUMNS} FROM reviews r WHERE r.account_id = $1 AND r.product_id = $2`,
    [accountId, productId],
  );
  return row && reviewOf(row);
}

/** The review queries of `Store`. `stamp` gives row times. */
export function reviewQueries(driver: SqlDriver, stamp: () => string) {
  return {
    mayReview: (accountId: string, productId: string) => mayReview(driver, accountId, productId),

    ownReview: (accountId: string, productId: string) => ownReview(driver, accountId, productId),

    saveReview: (accountId: string, productId: string, { rating, title, text }: ReviewDraft) =>
      driver.transaction(async (tx): Promise<StoredReview | 'not-buyer'> => {
        if (!(await mayReview(tx, accountId, productId))) return 'not-buyer';
        const now = stamp();
        // An edit of any review, approved or hidden, waits for the merchant again, under a new id:
        // the id the merchant approves names the words they read, never an edit made since. The
        // writer's name is kept as it is now, so a later change of name is not shown unread.
        await tx.run(
          `INSERT INTO reviews (id, product_id, account_id, rating, title, body, state, created_at, updated_at, author_name)
           VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7, (SELECT name FROM accounts WHERE id = $3))
           ON CONFLICT (account_id, product_id)
           DO UPDATE SET id = $1, rating = $4, title = $5, body = $6, state = 'pending', updated_at = $7,
             author_name = excluded.author_name`,
          [newReviewId(), productId, accountId, rating, title, text, now],
        );
        const saved = await ownReview(tx, accountId, productId);
        if (!saved) throw new Error('The review vanished inside its own transaction');
        return saved;
      }),

    deleteReview: async (accountId: string, productId: string) =>
      (await driver.run('DELETE FROM reviews WHERE account_id = $1 AND product_id = $2', [
        accountId,
        productId,
      ])) > 0,

    approvedReviews: async (productId: string, { limit, offset }: { limit: number; offset: number }) =>
      (
        await driver.all<ReviewWithAuthor>(
          `${WITH_AUTHOR} WHERE r.product_id = $1 AND r.state = 'approved'
           ORDER BY r.updated_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
          [productId, limit, offset],
        )
      ).map(reviewOf),

    ratingCounts: async (productId?: string): Promise<RatingCount[]> => {
      const rows = await driver.all<{ productId: string; rating: number | string; count: number | string }>(
        `SELECT product_id AS "productId", rating, COUNT(*) AS count FROM reviews
         WHERE state = 'approved' ${productId === undefined ? '' : 'AND product_id = $1'}
         GROUP BY product_id, rating ORDER BY product_id, rating`,
        productId === undefined ? [] : [productId],
      );
      return rows.map((row) => ({ ...row, rating: Number(row.rating), count: Number(row.count) }));
    },

    reviewsToModerate: async (limit: number) =>
      (
        await driver.all<ReviewWithAuthor & { deliveredOrder: string | null }>(
          `${WITH_AUTHOR.replace(
            ' FROM reviews r',
            `, (SELECT o.id FROM orders o JOIN order_lines l ON l.order_id = o.id
             WHERE o.user_id = r.account_id AND l.product_id = r.product_id AND o.status = 'delivered'
             ORDER BY o.created_at DESC LIMIT 1) AS "deliveredOrder" FROM reviews r`,
          )}
           ORDER BY CASE WHEN r.state = 'pending' THEN 0 ELSE 1 END, r.updated_at DESC, r.id LIMIT $1`,
          [limit],
        )
      ).map((row) => ({ ...reviewOf(row), deliveredOrder: row.deliveredOrder ?? '' })),

    pendingReviews: async () =>
      (
        await driver.all<ReviewWithAuthor>(
          `${WITH_AUTHOR} WHERE r.state = 'pending' ORDER BY r.updated_at, r.id`,
        )
      ).map(reviewOf),

    moderateReview: async (id: string, state: 'approved' | 'hidden') => {
      await driver.run('UPDATE reviews SET state = $2 WHERE id = $1', [id, state]);
      const [row] = await driver.all<StoredReview>(
        `SELECT ${REVIEW_COLUMNS} FROM reviews r WHERE r.id = $1`,
        [id],
      );
      return row && reviewOf(row);
    },
  };
}
