import { randomUUID } from 'node:crypto';
import type { SqlDriver } from './sql.ts';
import type { MerchantAction, ShopToday } from './types.ts';

const ACTION_COLUMNS = `id, account_id AS "accountId", actor, action, target, before_state AS "before",
  after_state AS "after", at`;

/** The back office's queries of `Store`: merchants, their actions, and Today. `stamp` gives row times. */
export function merchantQueries(driver: SqlDriver, stamp: () => string) {
  const count = async (sql: string, params: (string | number)[] = []) => {
    const [row] = await driver.all<{ n: number | string; cents?: number | string | null }>(sql, params);
    return { n: Number(row?.n ?? 0), cents: Number(row?.cents ?? 0) };
  };
  return {
    addMerchant: async (phone: string) =>
      (await driver.run('INSERT INTO merchants (phone, added_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        phone,
        stamp(),
      ])) > 0,

    removeMerchant: async (phone: string) =>
      (await driver.run('DELETE FROM merchants WHERE phone = $1', [phone])) > 0,

    merchantPhones: async () =>
      (await driver.all<{ phone: string }>('SELECT phone FROM merchants ORDER BY added_at, phone')).map(
        (row) => row.phone,
      ),

    recordMerchantAction: async (action: Omit<MerchantAction, 'id' | 'at'>) => {
      await driver.run(
        `INSERT INTO merchant_actions (id, account_id, actor, action, target, before_state, after_state, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          randomUUID(),
          action.accountId,
          action.actor,
          action.action,
          action.target,
          action.before,
          action.after,
          stamp(),
        ],
      );
    },

    merchantActions: ({ target, limit }: { target?: string; limit: number }) =>
      target
        ? driver.all<MerchantAction>(
            `SELECT ${ACTION_COLUMNS} FROM merchant_actions WHERE target = $1 ORDER BY at DESC LIMIT $2`,
            [target, limit],
          )
        : driver.all<MerchantAction>(
            `SELECT ${ACTION_COLUMNS} FROM merchant_actions ORDER BY at DESC LIMIT $1`,
            [limit],
          ),

    async shopToday(since: string): Promise<ShopToday> {
      const [placed, toShip, failed, pending] = await Promise.all([
        count(
          "SELECT COUNT(*) AS n, SUM(total_cents) AS cents FROM orders WHERE created_at >= $1 AND status <> 'cancelled'",
          [since],
        ),
        count("SELECT COUNT(*) AS n FROM orders WHERE status = 'processing'"),
        count("SELECT COUNT(*) AS n FROM outbox WHERE state = 'failed'"),
        count("SELECT COUNT(*) AS n FROM reviews WHERE state = 'pending'"),
      ]);
      return {
        orders: placed.n,
        totalCents: placed.cents,
        toShip: toShip.n,
        failedMessages: failed.n,
        pendingReviews: pending.n,
      };
    },
  };
}
