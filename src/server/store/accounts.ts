import { randomUUID } from 'node:crypto';
import { queueMessage } from './outbox.ts';
import type { SqlDriver, SqlExecutor } from './sql.ts';
import type {
  Account,
  AddressFields,
  CodeCheck,
  EmailConfirmation,
  GuessBudget,
  NewMessage,
  ProfileChanges,
  SavedAddress,
  Session,
} from './types.ts';

const ACCOUNT_COLUMNS = `a.id, a.phone, a.name, a.email, a.picture, a.created_at AS "createdAt",
  a.sms_news AS "smsNews", a.email_news AS "emailNews", a.confirmed_email AS "confirmedEmail"`;

/** An account as its row holds it: the news settings as 1 or 0, and the address it confirmed. */
type AccountRow = Omit<Account, 'smsNews' | 'emailNews' | 'emailConfirmed'> & {
  smsNews: number | string;
  emailNews: number | string;
  confirmedEmail: string;
};

const accountOf = ({ smsNews, emailNews, confirmedEmail, ...row }: AccountRow): Account => ({
  ...row,
  smsNews: Number(smsNews) === 1,
  emailNews: Number(emailNews) === 1,
  emailConfirmed: row.email !== '' && confirmedEmail === row.email,
});

/** The account whose `column` is `value`, read on `db`. */
async function accountWhere(
  db: SqlExecutor,
  column: 'id' | 'phone',
  value: string,
): Promise<Account | undefined> {
  const [row] = await db.all<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM accounts a WHERE a.${column} = $1`, [
    value,
  ]);
  return row && accountOf(row);
}

/**
 * Until when the phone's wrong checks, read on `db`, fill one of `budgets`: the moment the oldest
 * of the last `max` in that window leaves it (the latest such moment of all the budgets).
 */
async function guessWaitOn(
  db: SqlExecutor,
  phone: string,
  budgets: readonly GuessBudget[],
  now: string,
): Promise<string | undefined> {
  const at = Date.parse(now);
  const longest = Math.max(...budgets.map((budget) => budget.windowMs));
  const rows = await db.all<{ at: string }>(
    'SELECT at FROM sign_in_failures WHERE phone = $1 AND at > $2 ORDER BY at',
    [phone, new Date(at - longest).toISOString()],
  );
  let until: number | undefined;
  for (const { windowMs, max } of budgets) {
    const inWindow = rows.filter((row) => Date.parse(row.at) > at - windowMs);
    const oldest = inWindow[inWindow.length - max];
    if (oldest) until = Math.max(until ?? 0, Date.parse(oldest.at) + windowMs);
  }
  return until === undefined ? undefined : new Date(until).toISOString();
}

/** The profile's fields and their columns. */
const PROFILE_COLUMNS = [
  ['name', 'name'],
  ['email', 'email'],
  ['picture', 'picture'],
  ['smsNews', 'sms_news'],
  ['emailNews', 'email_news'],
] as const;

/** The account, session and sign-in code queries of `Store`, on either driver. */
export function accountQueries(driver: SqlDriver, stamp: () => string) {
  const findAccount = (id: string) => accountWhere(driver, 'id', id);

  return {
    accountForPhone: (phone: string): Promise<Account> =>
      driver.transaction(async (tx) => {
        // DO NOTHING: two first sign-ins of one phone at once make one account.
        await tx.run(
          `INSERT INTO accounts (id, phone, name, email, picture, created_at) VALUES ($1, $2, '', '', '', $3)
           ON CONFLICT (phone) DO NOTHING`,
          [randomUUID(), phone, stamp()],
        );
        const account = await accountWhere(tx, 'phone', phone);
        if (!account) throw new Error('The account vanished inside its own transaction');
        return account;
      }),

    findAccount,

    async updateProfile(id: string, changes: ProfileChanges): Promise<Account | undefined> {
      const columns = PROFILE_COLUMNS.filter(([field]) => changes[field] !== undefined);
      if (columns.length > 0) {
        const sets = columns.map(([, column], index) => `${column} = $${index + 2}`).join(', ');
        await driver.run(`UPDATE accounts SET ${sets} WHERE id = $1`, [
          id,
          ...columns.map(([field]) => {
            const value = changes[field];
            return typeof value === 'boolean' ? Number(value) : (value ?? '');
          }),
        ]);
      }
      return findAccount(id);
    },

    async addresses(accountId: string): Promise<SavedAddress[]> {
      const rows = await driver.all<{ id: string; fields: string }>(
        'SELECT id, fields FROM addresses WHERE account_id = $1 ORDER BY created_at, id',
        [accountId],
      );
      return rows.map((row) => ({ ...(JSON.parse(row.fields) as AddressFields), id: row.id }));
    },

    addAddress: (accountId: string, fields: AddressFields, max: number): Promise<SavedAddress | 'full'> =>
      driver.transaction(async (tx) => {
        // Counted inside the transaction, with the account's row locked on PostgreSQL (SQLite's
        // transactions never overlap), so two saves at once cannot pass the limit together.
        if (driver.kind === 'postgres') {
          await tx.all('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
        }
        const [held] = await tx.all<{ count: number | string }>(
          'SELECT COUNT(*) AS count FROM addresses WHERE account_id = $1',
          [accountId],
        );
        if (Number(held?.count ?? 0) >= max) return 'full';
        const address = { id: randomUUID(), ...fields };
        await tx.run('INSERT INTO addresses (id, account_id, fields, created_at) VALUES ($1, $2, $3, $4)', [
          address.id,
          accountId,
          JSON.stringify(fields),
          stamp(),
        ]);
        return address;
      }),

    removeAddress: async (accountId: string, id: string) =>
      (await driver.run('DELETE FROM addresses WHERE id = $1 AND account_id = $2', [id, accountId])) > 0,

    createSession: (tokenHash: string, accountId: string, expiresAt: string) =>
      driver.transaction(async (tx) => {
        const now = stamp();
        // The account's expired sessions go as a new one comes: the table holds live ones only.
        await tx.run('DELETE FROM sessions WHERE account_id = $1 AND expires_at <= $2', [accountId, now]);
        await tx.run(
          'INSERT INTO sessions (token_hash, account_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
          [tokenHash, accountId, now, expiresAt],
        );
      }),

    async findSession(tokenHash: string, now: string): Promise<Session | undefined> {
      const [row] = await driver.all<AccountRow & { expiresAt: string }>(
        `SELECT ${ACCOUNT_COLUMNS}, s.expires_at AS "expiresAt"
         FROM sessions s JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash = $1 AND s.expires_at > $2`,
        [tokenHash, now],
      );
      if (!row) return undefined;
      const { expiresAt, ...fields } = row;
      const account = accountOf(fields);
      return { account, expiresAt };
    },

    extendSession: async (tokenHash: string, expiresAt: string) => {
      await driver.run('UPDATE sessions SET expires_at = $2 WHERE token_hash = $1', [tokenHash, expiresAt]);
    },

    endSession: async (tokenHash: string) => {
      await driver.run('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },

    endAllSessions: (accountId: string) =>
      driver.run('DELETE FROM sessions WHERE account_id = $1', [accountId]),

    startEmailConfirmation: ({
      accountId,
      email,
      tokenHash,
      expiresAt,
      message,
    }: {
      accountId: string;
      email: string;
      tokenHash: string;
      expiresAt: string;
      message: NewMessage;
    }): Promise<boolean> =>
      driver.transaction(async (tx) => {
        const [current] = await tx.all<{ email: string }>('SELECT email FROM accounts WHERE id = $1', [
          accountId,
        ]);
        if (current?.email !== email) return false;
        // One live link an account: the latest email's, so an older one forwarded or left in a
        // mailbox confirms nothing.
        await tx.run('DELETE FROM email_confirmations WHERE account_id = $1', [accountId]);
        await tx.run(
          'INSERT INTO email_confirmations (token_hash, account_id, email, expires_at) VALUES ($1, $2, $3, $4)',
          [tokenHash, accountId, email, expiresAt],
        );
        queueMessage(tx, message, stamp());
        return true;
      }),

    confirmEmail: (tokenHash: string, now: string): Promise<EmailConfirmation> =>
      driver.transaction(async (tx) => {
        // Used once: the link's row goes in the statement that reads it.
        const [link] = await tx.all<{ accountId: string; email: string; expiresAt: string }>(
          `DELETE FROM email_confirmations WHERE token_hash = $1
           RETURNING account_id AS "accountId", email, expires_at AS "expiresAt"`,
          [tokenHash],
        );
        if (!link || link.expiresAt <= now) return { confirmed: false };
        const changed = await tx.run(
          'UPDATE accounts SET confirmed_email = email WHERE id = $1 AND email = $2',
          [link.accountId, link.email],
        );
        return changed > 0 ? { confirmed: true, email: link.email } : { confirmed: false };
      }),

    startCode: (code: {
      phone: string;
      codeHash: string;
      now: string;
      expiresAt: string;
      resendAfter: string;
    }): Promise<{ started: true } | { started: false; sentAt: string }> =>
      driver.transaction(async (tx) => {
        // One statement decides, so two sends at once from two servers cannot both pass the
        // cooldown: the row is replaced only when its code was sent before `resendAfter`.
        const changed = await tx.run(
          `INSERT INTO sign_in_codes (phone, code_hash, sent_at, expires_at, attempts) VALUES ($1, $2, $3, $4, 0)
           ON CONFLICT (phone) DO UPDATE SET code_hash = excluded.code_hash, sent_at = excluded.sent_at,
             expires_at = excluded.expires_at, attempts = 0
           WHERE sign_in_codes.sent_at <= $5`,
          [code.phone, code.codeHash, code.now, code.expiresAt, code.resendAfter],
        );
        if (changed === 0) {
          const [live] = await tx.all<{ sentAt: string }>(
            'SELECT sent_at AS "sentAt" FROM sign_in_codes WHERE phone = $1',
            [code.phone],
          );
          return { started: false, sentAt: live?.sentAt ?? code.now };
        }
        await tx.run('INSERT INTO sign_in_sends (phone, at) VALUES ($1, $2)', [code.phone, code.now]);
        return { started: true };
      }),

    async codeSends(phone: string, since: string) {
      // Sends before the window no longer count: forget them as the phone asks again.
      await driver.run('DELETE FROM sign_in_sends WHERE phone = $1 AND at <= $2', [phone, since]);
      const rows = await driver.all<{ at: string }>(
        'SELECT at FROM sign_in_sends WHERE phone = $1 ORDER BY at',
        [phone],
      );
      return rows.map((row) => row.at);
    },

    async textsSince(since: string) {
      const [row] = await driver.all<{ count: number | string; oldest: string | null }>(
        'SELECT COUNT(*) AS count, MIN(at) AS oldest FROM sign_in_sends WHERE at > $1',
        [since],
      );
      return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? undefined };
    },

    noteTextsSpent: (hour: string, notice: readonly NewMessage[]) =>
      driver.transaction(async (tx) => {
        const first = await tx.run(
          'INSERT INTO sign_in_budget_spent (hour) VALUES ($1) ON CONFLICT (hour) DO NOTHING',
          [hour],
        );
        if (first === 0) return false;
        const now = stamp();
        for (const message of notice) queueMessage(tx, message, now);
        return true;
      }),

    withdrawCode: (phone: string, codeHash: string) =>
      driver.transaction(async (tx) => {
        const removed = await tx.run('DELETE FROM sign_in_codes WHERE phone = $1 AND code_hash = $2', [
          phone,
          codeHash,
        ]);
        if (removed > 0) {
          // The send that failed does not count against the phone's sends either.
          const [last] = await tx.all<{ at: string }>(
            'SELECT MAX(at) AS at FROM sign_in_sends WHERE phone = $1',
            [phone],
          );
          if (last?.at)
            await tx.run('DELETE FROM sign_in_sends WHERE phone = $1 AND at = $2', [phone, last.at]);
        }
      }),

    checkCode: ({
      phone,
      codeHash,
      now,
      maxAttempts,
      budgets,
    }: {
      phone: string;
      codeHash: string;
      now: string;
      maxAttempts: number;
      budgets: readonly GuessBudget[];
    }): Promise<CodeCheck> =>
      driver.transaction(async (tx) => {
        // Checks of one phone take turns on PostgreSQL (SQLite's transactions never overlap), so
        // guesses at once on several servers cannot pass the budget together.
        if (driver.kind === 'postgres') {
          await tx.all('SELECT phone FROM sign_in_codes WHERE phone = $1 FOR UPDATE', [phone]);
        }
        const longest = Math.max(...budgets.map((budget) => budget.windowMs));
        // Wrong checks older than every budget no longer count: forget them as the phone tries again.
        await tx.run('DELETE FROM sign_in_failures WHERE phone = $1 AND at <= $2', [
          phone,
          new Date(Date.parse(now) - longest).toISOString(),
        ]);
        const waitUntil = await guessWaitOn(tx, phone, budgets, now);
        if (waitUntil) return { waitUntil };
        // Deleting is using: of two checks of one code at once, only one deletes it.
        const used = await tx.run(
          'DELETE FROM sign_in_codes WHERE phone = $1 AND code_hash = $2 AND expires_at > $3 AND attempts < $4',
          [phone, codeHash, now, maxAttempts],
        );
        if (used > 0) return 'accepted';
        const counted = await tx.run(
          'UPDATE sign_in_codes SET attempts = attempts + 1 WHERE phone = $1 AND expires_at > $2 AND attempts < $3',
          [phone, now, maxAttempts],
        );
        if (counted === 0) {
          const [spent] = await tx.all<{ attempts: number | string }>(
            'SELECT attempts FROM sign_in_codes WHERE phone = $1 AND expires_at > $2',
            [phone, now],
          );
          return spent ? 'ended' : 'none';
        }
        await tx.run('INSERT INTO sign_in_failures (phone, at) VALUES ($1, $2)', [phone, now]);
        const [row] = await tx.all<{ attempts: number | string }>(
          'SELECT attempts FROM sign_in_codes WHERE phone = $1',
          [phone],
        );
        return Number(row?.attempts ?? maxAttempts) >= maxAttempts ? 'ended' : 'wrong';
      }),

    guessWait: (phone: string, budgets: readonly GuessBudget[], now: string) =>
      guessWaitOn(driver, phone, budgets, now),

    sharedSecret: (name: string, candidate: string): Promise<string> =>
      driver.transaction(async (tx) => {
        await tx.run(
          'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
          [name, candidate],
        );
        const [row] = await tx.all<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [
          name,
        ]);
        return row?.value ?? candidate;
      }),
  };
}
