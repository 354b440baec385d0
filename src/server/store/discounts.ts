import type { SqlDriver, SqlTransaction } from './sql.ts';
import type { DiscountCode, NewDiscountCode, OrderDiscount } from './types.ts';

interface CodeRow {
  code: string;
  percent: number | string | null;
  amountCents: number | string | null;
  minCents: number | string;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | string | null;
  perAccount: number | string | null;
  used: number | string;
  disabledAt: string | null;
  createdAt: string;
}

const CODE_COLUMNS = `code, percent, amount_cents AS "amountCents", min_cents AS "minCents",
  starts_at AS "startsAt", ends_at AS "endsAt", max_uses AS "maxUses", per_account AS "perAccount",
  used, disabled_at AS "disabledAt", created_at AS "createdAt"`;

function codeOf(row: CodeRow): DiscountCode {
  const code: DiscountCode = {
    code: row.code,
    off: row.percent === null ? { amountCents: Number(row.amountCents) } : { percent: Number(row.percent) },
    minCents: Number(row.minCents),
    used: Number(row.used),
    createdAt: row.createdAt,
  };
  if (row.startsAt) code.startsAt = row.startsAt;
  if (row.endsAt) code.endsAt = row.endsAt;
  if (row.maxUses !== null) code.maxUses = Number(row.maxUses);
  if (row.perAccount !== null) code.perAccount = Number(row.perAccount);
  if (row.disabledAt) code.disabledAt = row.disabledAt;
  return code;
}

/**
 * Counts a use of the order's code, for the shop and for its account, inside the order's
 * transaction: with the COMMIT, so that a use beyond either limit fails it (see migration 13).
 */
export function useDiscount(tx: SqlTransaction, discount: OrderDiscount, accountId: string): void {
  tx.later('UPDATE discount_codes SET used = used + 1 WHERE code = $1', [discount.code]);
  // WHERE in the SELECT: SQLite reads ON CONFLICT after a bare SELECT as part of the SELECT.
  tx.later(
    `INSERT INTO discount_account_uses (code, account_id, used, max_used)
     SELECT code, $2, 1, per_account FROM discount_codes WHERE code = $1
     ON CONFLICT (code, account_id) DO UPDATE SET used = discount_account_uses.used + 1`,
    [discount.code, accountId],
  );
}

/** Gives back a cancelled order's use of its code, inside the transaction that cancels it. */
export function returnDiscount(tx: SqlTransaction, discount: OrderDiscount, accountId: string): void {
  tx.later('UPDATE discount_codes SET used = used - 1 WHERE code = $1 AND used > 0', [discount.code]);
  tx.later(
    'UPDATE discount_account_uses SET used = used - 1 WHERE code = $1 AND account_id = $2 AND used > 0',
    [discount.code, accountId],
  );
}

/**
 * Which of a code's limits failed a transaction (see migration 13's CHECKs): `used-up` for the
 * shop's, `account` for the account's; undefined for any other failure.
 */
export function spentDiscount(error: unknown): 'used-up' | 'account' | undefined {
  const message = error instanceof Error ? error.message : String(error);
  if (/discount_account_uses_left/.test(message)) return 'account';
  if (/discount_uses_left/.test(message)) return 'used-up';
  return undefined;
}

/** The discount-code queries of `Store`. `stamp` gives row times. */
export function discountQueries(driver: SqlDriver, stamp: () => string) {
  return {
    addDiscountCode: async (code: NewDiscountCode) =>
      (await driver.run(
        `INSERT INTO discount_codes (code, percent, amount_cents, min_cents, starts_at, ends_at, max_uses, per_account, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (code) DO NOTHING`,
        [
          code.code,
          'percent' in code.off ? code.off.percent : null,
          'amountCents' in code.off ? code.off.amountCents : null,
          code.minCents,
          code.startsAt ?? null,
          code.endsAt ?? null,
          code.maxUses ?? null,
          code.perAccount ?? null,
          stamp(),
        ],
      )) > 0,

    discountCodes: async () =>
      (
        await driver.all<CodeRow>(`SELECT ${CODE_COLUMNS} FROM discount_codes ORDER BY created_at DESC, code`)
      ).map(codeOf),

    findDiscountCode: async (code: string) => {
      const [row] = await driver.all<CodeRow>(`SELECT ${CODE_COLUMNS} FROM discount_codes WHERE code = $1`, [
        code,
      ]);
      return row && codeOf(row);
    },

    disableDiscountCode: async (code: string) =>
      (await driver.run(
        'UPDATE discount_codes SET disabled_at = $2 WHERE code = $1 AND disabled_at IS NULL',
        [code, stamp()],
      )) > 0,

    discountUsesBy: async (code: string, accountId: string) => {
      const [row] = await driver.all<{ used: number | string }>(
        'SELECT used FROM discount_account_uses WHERE code = $1 AND account_id = $2',
        [code, accountId],
      );
      return Number(row?.used ?? 0);
    },
  };
}
