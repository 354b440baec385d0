import { queueMessage } from './outbox.ts';
import type { SqlDriver, SqlExecutor, SqlTransaction } from './sql.ts';
import type { OrderLine, RestockRequest, StockChange, StockLevel, StockShortage } from './types.ts';

/**
 * Takes each line's quantity from its pack's count, inside the order's transaction. The UPDATEs
 * go with the COMMIT, in its one trip: a pack nobody counts has no row and takes nothing, so an
 * order costs the same whether its packs are counted or not. The stock table's CHECK
 * (count >= 0) refuses a take larger than what is left, on SQLite and PostgreSQL alike, so two
 * orders racing for the last tins cannot both get them: the loser's COMMIT fails, and
 * `isShortOfStock` tells that failure from others.
 */
export function takeStock(
  tx: SqlTransaction,
  lines: readonly Pick<OrderLine, 'productId' | 'pack' | 'quantity'>[],
  now: string,
): void {
  changeCounts(tx, lines, now, -1);
}

/**
 * Puts back what a cancelled order took, inside the transaction that cancels it: a pack nobody
 * counts has no row and gets nothing back, as it gave nothing.
 */
export function returnStock(
  tx: SqlTransaction,
  lines: readonly Pick<OrderLine, 'productId' | 'pack' | 'quantity'>[],
  now: string,
): void {
  changeCounts(tx, lines, now, 1);
}

function changeCounts(
  tx: SqlTransaction,
  lines: readonly Pick<OrderLine, 'productId' | 'pack' | 'quantity'>[],
  now: string,
  direction: 1 | -1,
): void {
  for (const { productId, pack, quantity } of lines) {
    tx.later('UPDATE stock SET count = count + $1, updated_at = $2 WHERE product_id = $3 AND pack = $4', [
      direction * quantity,
      now,
      productId,
      pack,
    ]);
  }
}

/** Whether a transaction failed on the stock table's CHECK: a line wanted more than was left. */
export function isShortOfStock(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  // SQLite names the check by its expression, PostgreSQL by the name it gave it (migration 5).
  return /CHECK constraint failed: count >= 0|violates check constraint "stock_count_check"/.test(message);
}

/**
 * The lines of counted packs that the order wants more of than is left now, each with what is
 * left. A pack's lines count together: two lines of one pack may each fit and not both.
 */
export async function stockShortages(
  db: SqlExecutor,
  lines: readonly Pick<OrderLine, 'productId' | 'pack' | 'quantity'>[],
): Promise<StockShortage[]> {
  const key = ({ productId, pack }: Pick<OrderLine, 'productId' | 'pack'>) => `${productId}\n${pack}`;
  const left = new Map(
    (await readStockLevels(db, [...new Set(lines.map((line) => line.productId))])).map((level) => [
      key(level),
      level.count,
    ]),
  );
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(key(line), (wanted.get(key(line)) ?? 0) + line.quantity);
  return lines.flatMap(({ productId, pack }) => {
    const available = left.get(key({ productId, pack }));
    return available !== undefined && available < (wanted.get(key({ productId, pack })) ?? 0)
      ? [{ productId, pack, available }]
      : [];
  });
}

/** The counted packs, all or only those of `productIds` (an order reads its own products' only). */
async function readStockLevels(db: SqlExecutor, productIds?: readonly string[]): Promise<StockLevel[]> {
  const only = productIds
    ? `WHERE product_id IN (${productIds.map((_, index) => `$${index + 1}`).join(', ') || 'NULL'})`
    : '';
  const rows = await db.all<{ productId: string; pack: string; count: number | string }>(
    `SELECT product_id AS "productId", pack, count FROM stock ${only} ORDER BY product_id, pack`,
    productIds ?? [],
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The stock queries of `Store`. `stamp` gives row times. */
export function stockQueries(driver: SqlDriver, stamp: () => string) {
  return {
    stockLevels: (productIds?: readonly string[]) => readStockLevels(driver, productIds),

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
