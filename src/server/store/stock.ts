import { queueMessage } from './outbox.ts';
import type { SqlDriver, SqlExecutor } from './sql.ts';
import type { OrderLine, RestockRequest, StockChange, StockLevel, StockShortage } from './types.ts';

/**
 * Takes each line's quantity from its pack's count, inside the order's transaction. The UPDATE
 * only takes what is there (`count >= quantity`), so two orders racing for the last tins cannot
 * both get them, on SQLite or PostgreSQL. A line whose pack is not counted takes nothing: one read
 * finds the counted ones, so an order of uncounted packs costs one query. Answers the lines that
 * found too few; the caller then rolls the transaction back.
 */
export async function takeStock(
  tx: SqlExecutor,
  lines: readonly Pick<OrderLine, 'productId' | 'pack' | 'quantity'>[],
  now: string,
): Promise<StockShortage[]> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const counted = new Set(
    (
      await tx.all<{ productId: string; pack: string }>(
        `SELECT product_id AS "productId", pack FROM stock
         WHERE product_id IN (${productIds.map((_, index) => `$${index + 1}`).join(', ') || 'NULL'})`,
        productIds,
      )
    ).map(({ productId, pack }) => `${productId}\n${pack}`),
  );
  const shortages: StockShortage[] = [];
  for (const { productId, pack, quantity } of lines) {
    if (!counted.has(`${productId}\n${pack}`)) continue;
    const taken = await tx.run(
      `UPDATE stock SET count = count - $1, updated_at = $2
       WHERE product_id = $3 AND pack = $4 AND count >= $1`,
      [quantity, now, productId, pack],
    );
    if (taken > 0) continue;
    const [left] = await tx.all<{ count: number | string }>(
      'SELECT count FROM stock WHERE product_id = $1 AND pack = $2',
      [productId, pack],
    );
    shortages.push({ productId, pack, available: Number(left?.count ?? 0) });
  }
  return shortages;
}

/** The stock queries of `Store`. `stamp` gives row times. */
export function stockQueries(driver: SqlDriver, stamp: () => string) {
  return {
    stockLevels: async (productIds?: readonly string[]): Promise<StockLevel[]> => {
      // An order reads its own products' packs only, however many the merchant counts.
      const only = productIds
        ? `WHERE product_id IN (${productIds.map((_, index) => `$${index + 1}`).join(', ') || 'NULL'})`
        : '';
      const rows = await driver.all<{ productId: string; pack: string; count: number | string }>(
        `SELECT product_id AS "productId", pack, count FROM stock ${only} ORDER BY product_id, pack`,
        productIds ?? [],
      );
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },

    changeStock: ({ productId, pack, change, amount }: StockChange, notice: string) =>
      driver.transaction(async (tx) => {
        const now = stamp();
        // One statement, so an order taking stock at the same moment is counted, not overwritten
        // (add), and the count never goes below 0. A pack not counted yet starts from 0.
        const given = 'CAST($3 AS INTEGER)';
        const next = change === 'set' ? given : `stock.count + ${given}`;
        const [row] = await tx.all<{ count: number | string }>(
          `INSERT INTO stock (product_id, pack, count, updated_at)
           VALUES ($1, $2, CASE WHEN ${given} < 0 THEN 0 ELSE ${given} END, $4)
           ON CONFLICT (product_id, pack)
           DO UPDATE SET count = CASE WHEN ${next} < 0 THEN 0 ELSE ${next} END, updated_at = $4
           RETURNING count`,
          [productId, pack, amount, now],
        );
        const count = Number(row?.count ?? 0);
        if (count === 0) return { count, notified: 0 };
        // A request is only taken while the pack is sold out, so any left now saw it go from 0 to
        // more. DELETE … RETURNING hands each request to one transaction only.
        const done = await tx.all<{ accountId: string }>(
          `DELETE FROM restock_requests WHERE product_id = $1 AND pack = $2 RETURNING account_id AS "accountId"`,
          [productId, pack],
        );
        for (const { accountId } of done) {
          const [account] = await tx.all<{ phone: string }>('SELECT phone FROM accounts WHERE id = $1', [
            accountId,
          ]);
          if (!account) continue;
          queueMessage(
            tx,
            { kind: 'back-in-stock', channel: 'sms', recipient: account.phone, subject: '', body: notice },
            now,
          );
        }
        return { count, notified: done.length };
      }),

    restockRequests: (accountId: string) =>
      driver.all<RestockRequest>(
        `SELECT product_id AS "productId", pack FROM restock_requests WHERE account_id = $1
         ORDER BY created_at, product_id, pack`,
        [accountId],
      ),

    setRestockRequest: async (accountId: string, { productId, pack }: RestockRequest, wanted: boolean) => {
      await driver.run(
        wanted
          ? `INSERT INTO restock_requests (account_id, product_id, pack, created_at) VALUES ($1, $2, $3, $4)
             ON CONFLICT DO NOTHING`
          : 'DELETE FROM restock_requests WHERE account_id = $1 AND product_id = $2 AND pack = $3',
        wanted ? [accountId, productId, pack, stamp()] : [accountId, productId, pack],
      );
    },
  };
}
