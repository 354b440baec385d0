import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  askToConfirm,
  CONFIRM_EMAIL_KIND,
  followConfirmation,
} from '#src/server/accounts/emailConfirmation.ts';
import { dispatchDue } from '#src/server/messages/dispatcher.ts';
import type { EmailMessage } from '#src/server/messages/email.ts';
import { shopperMessages } from '#src/server/messages/orderMessages.ts';
import { createStore, type Store } from '#src/server/store/index.ts';
import type { Account, StoredOrder } from '#src/server/store/types.ts';
import { DATABASES, type TestDatabase } from '../support/databases.ts';

const SITE = { SITE_URL: 'https://shop.example' };
const HOUR = 3_600_000;

/** The token of the link in a confirmation email's text. */
const tokenIn = (text: string) => /\/confirm-email\?t=([\w-]+)/.exec(text)?.[1] ?? '';

describe.each(DATABASES)('confirming an email address on $name', ({ create }) => {
  let database: TestDatabase;
  let store: Store;
  let account: Account;
  let emails: EmailMessage[];
  const senders = {
    sms: { name: 'console' as const, send: async () => undefined },
    email: { name: 'console' as const, send: async (message: EmailMessage) => void emails.push(message) },
  };

  beforeEach(async () => {
    database = await create();
    store = createStore(database.config);
    await store.ready();
    emails = [];
    const fresh = await store.accountForPhone('+14155550142');
    account = (await store.updateProfile(fresh.id, { email: 'asha@example.com' }))!;
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  /** Asks for a link and sends it: the token the shopper's email carries. */
  async function linkSent(now = Date.now()): Promise<string> {
    expect(await askToConfirm(store, (await store.findAccount(account.id))!, SITE, now)).toBe(true);
    emails = [];
    // Queued now (the link's own time may be another), so due a moment later.
    expect(await dispatchDue(store, senders, Date.now() + 1000)).toBe(1);
    const [email] = emails;
    expect(email).toMatchObject({ to: 'asha@example.com', subject: 'Confirm your email address' });
    expect(email?.html).toContain(`https://shop.example/confirm-email?t=${tokenIn(email?.text ?? '')}`);
    return tokenIn(email?.text ?? '');
  }

  it('starts unconfirmed; the link confirms it once, and order emails go only then', async () => {
    expect(account.emailConfirmed).toBe(false);
    const order = {
      id: 'ORD-1',
      phone: account.phone,
      lines: [],
      totalCents: 100,
      createdAt: Date.now(),
      address: {
        name: 'Asha Rao',
        street: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '',
        country: '',
        phone: '',
      },
    } as unknown as StoredOrder;
    const channels = async () =>
      shopperMessages(
        'placed',
        { ...order, payment: { method: 'delivery' } } as StoredOrder,
        (await store.findAccount(account.id))!,
        'l',
      ).map((message) => message.channel);
    expect(await channels()).toEqual(['sms']);

    const token = await linkSent();
    expect(token).toMatch(/^[\w-]{22}$/);
    expect(await followConfirmation(store, token)).toEqual({ confirmed: true, email: 'asha@example.com' });
    expect((await store.findAccount(account.id))?.emailConfirmed).toBe(true);
    expect(await channels()).toEqual(['sms', 'email']);
    // Single use.
    expect(await followConfirmation(store, token)).toEqual({ confirmed: false });
  });

  it('keeps only a hash of the token, and the sent record blanks it', async () => {
    const token = await linkSent();
    const [record] = (await store.recentOutbox(5)).filter((message) => message.kind === CONFIRM_EMAIL_KIND);
    expect(record?.state).toBe('sent');
    expect(`${record?.body} ${record?.html}`).not.toContain(token);
    expect(record?.body).toContain('/confirm-email?t=…');
  });

  it('ends a link when it expires, when a newer one is sent, and when the address changes', async () => {
    const now = Date.now();
    const expired = await linkSent(now - 49 * HOUR);
    expect(await followConfirmation(store, expired, now)).toEqual({ confirmed: false });

    const older = await linkSent(now);
    const newer = await linkSent(now);
    expect(await followConfirmation(store, older, now)).toEqual({ confirmed: false });

    await store.updateProfile(account.id, { email: 'ravi@example.com' });
    expect(await followConfirmation(store, newer, now)).toEqual({ confirmed: false });
    expect((await store.findAccount(account.id))?.emailConfirmed).toBe(false);
  });

  it('is confirmed for the address confirmed only: a new address must confirm itself again', async () => {
    expect(await followConfirmation(store, await linkSent())).toMatchObject({ confirmed: true });
    const changed = await store.updateProfile(account.id, { email: 'ravi@example.com' });
    expect(changed?.emailConfirmed).toBe(false);
    expect(await askToConfirm(store, changed!, SITE)).toBe(true);
    // Nothing to confirm: no address, or one confirmed already.
    expect(await askToConfirm(store, { ...changed!, email: '' }, SITE)).toBe(false);
    expect(await askToConfirm(store, { ...changed!, emailConfirmed: true }, SITE)).toBe(false);
  });

  it('refuses tokens of the wrong shape without asking the database', async () => {
    for (const token of ['', 'short', `${'a'.repeat(22)}'--`, 'x'.repeat(200)]) {
      expect(await followConfirmation(store, token)).toEqual({ confirmed: false });
    }
  });
});
