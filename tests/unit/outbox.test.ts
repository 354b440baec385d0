import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchDue, outboxFromEnv } from '#src/server/messages/dispatcher.ts';
import { emailSenderFromEnv, type EmailMessage } from '#src/server/messages/email.ts';
import {
  merchantMessages,
  newTrackingToken,
  shopperMessages,
  trackingLink,
} from '#src/server/messages/orderMessages.ts';
import type { SmsMessage } from '#src/server/messages/sms.ts';
import { createStore, type Store } from '#src/server/store/index.ts';
import type { NewOrder, StoredOrder } from '#src/server/store/types.ts';
import { DATABASES, type TestDatabase } from '../support/databases.ts';

const ORDER: StoredOrder = {
  id: 'ORD-123456789012',
  userId: 'u1',
  phone: '+14155550100',
  address: {
    name: 'Asha Rao',
    street: '1 Main St',
    city: 'Pune',
    state: '',
    zip: '',
    country: '',
    phone: '',
  },
  totalCents: 3650,
  status: 'processing',
  createdAt: '2026-11-24T10:00:00.000Z',
  payment: { method: 'delivery', status: 'pending', paidCents: 0, refundedCents: 0 },
  lines: [
    {
      productId: 'kashmiri-saffron',
      pack: '1 g',
      name: 'Kashmiri Saffron (1 g)',
      quantity: 2,
      priceCents: 1400,
    },
    {
      productId: 'tellicherry-black-pepper',
      pack: '100 g',
      name: 'Tellicherry Black Pepper (100 g)',
      quantity: 1,
      priceCents: 850,
    },
  ],
  events: [{ status: 'processing', at: '2026-11-24T10:00:00.000Z' }],
  shipment: { carrier: '', trackingCode: '' },
};

/** An account that hears of its orders both ways, as every account does until it chooses, its address confirmed. */
const NEWS = { smsNews: true, emailNews: true, emailConfirmed: true };

describe('the messages about an order', () => {
  it('say where the order goes and when it should arrive, the window following its country', () => {
    const to = { ...NEWS, phone: ORDER.phone, email: 'asha@example.com' };
    const abroad = {
      ...ORDER,
      address: {
        ...ORDER.address,
        city: 'London',
        zip: 'SW1A 2AA',
        country: 'United Kingdom',
        phone: '+442079460958',
      },
    };
    // Placed Tuesday 24 November 2026: 8 to 16 business days abroad, 4 to 7 at home.
    const [sms, email] = shopperMessages('placed', abroad, to, 'l');
    const window = 'Delivery to London, the United Kingdom, between December 4, 2026 and December 16, 2026.';
    expect(sms?.body).toContain(window);
    expect(email?.body).toContain(window);
    expect(email?.body).toContain(
      'Deliver to: Asha Rao, 1 Main St, London, SW1A 2AA, United Kingdom, +44 20 7946 0958',
    );
    const [home] = shopperMessages(
      'placed',
      { ...ORDER, address: { ...ORDER.address, country: 'United States' } },
      to,
      'l',
    );
    expect(home?.body).toContain(
      'Delivery to Pune, the United States, between November 30, 2026 and December 3, 2026.',
    );
    const [shipped] = shopperMessages('shipped', abroad, to, 'l');
    expect(shipped?.body).toContain('is on its way to you in the United Kingdom.');
    const [note] = merchantMessages(abroad, { MERCHANT_PHONE: '+14155550199' });
    expect(note?.body).toContain('to “London” (as the shopper wrote it), United Kingdom.');
  });

  it('tell the shopper the id, the total, payment on delivery and a tracking link, by text and email', () => {
    const link = trackingLink(ORDER.id, 'tok', { SITE_URL: 'https://shop.example' });
    expect(link).toBe('https://shop.example/track-order/ORD-123456789012?t=tok');
    const [sms, email] = shopperMessages(
      'placed',
      ORDER,
      { ...NEWS, phone: ORDER.phone, email: 'asha@example.com' },
      link,
    );
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+14155550100', kind: 'order-placed' });
    expect(sms?.body).toContain('ORD-123456789012');
    expect(sms?.body).toContain('$36.50');
    expect(sms?.body).toContain('pay on delivery');
    expect(sms?.body).toContain(link);
    expect(email).toMatchObject({
      channel: 'email',
      recipient: 'asha@example.com',
      subject: 'Your order ORD-123456789012 is placed',
    });
    expect(email?.body).toContain('2 x Kashmiri Saffron (1 g)  $28.00');
    expect(email?.html).toContain(`<a href="${link}">`);
  });

  it('send no email to an account without an address, and tell of shipping and delivery', () => {
    expect(shopperMessages('shipped', ORDER, { ...NEWS, phone: ORDER.phone, email: '' }, 'x')).toHaveLength(
      1,
    );
    expect(
      shopperMessages('shipped', ORDER, { ...NEWS, phone: ORDER.phone, email: '' }, 'x')[0]?.body,
    ).toMatch(/on its way/);
    expect(
      shopperMessages('delivered', ORDER, { ...NEWS, phone: ORDER.phone, email: '' }, 'x')[0]?.body,
    ).toMatch(/delivered/);
  });

  it('go only the ways the shopper chose', () => {
    const to = { phone: ORDER.phone, email: 'a@b.co' };
    const channels = (choice: Omit<typeof NEWS, 'emailConfirmed'>) =>
      shopperMessages('placed', ORDER, { ...to, ...choice, emailConfirmed: true }, 'l').map(
        (message) => message.channel,
      );
    expect(channels({ smsNews: false, emailNews: true })).toEqual(['email']);
    expect(channels({ smsNews: true, emailNews: false })).toEqual(['sms']);
    expect(channels({ smsNews: false, emailNews: false })).toEqual([]);
  });

  it('send no email to an address the account has not confirmed: the text still goes', () => {
    const to = { ...NEWS, phone: ORDER.phone, email: 'a@b.co', emailConfirmed: false };
    for (const news of ['placed', 'shipped', 'delivered', 'cancelled', 'refunded'] as const) {
      expect(shopperMessages(news, ORDER, to, 'l').map((message) => message.channel)).toEqual(['sms']);
    }
  });

  it('escape what a shopper typed in an email', () => {
    const odd = { ...ORDER, lines: [{ ...ORDER.lines[0]!, name: '<script>x</script>' }] };
    const [, email] = shopperMessages('placed', odd, { ...NEWS, phone: ORDER.phone, email: 'a@b.co' }, 'l');
    expect(email?.html).not.toContain('<script>');
  });

  it('tell the merchant of a new order only where the environment names them', () => {
    expect(merchantMessages(ORDER, {})).toEqual([]);
    const both = merchantMessages(ORDER, {
      MERCHANT_PHONE: '+14155550199',
      MERCHANT_EMAIL: 'shop@example.com',
    });
    expect(both.map((message) => message.channel)).toEqual(['sms', 'email']);
    expect(both[0]?.body).toMatch(
      /^New order ORD-123456789012: 3 items, \$36\.50 paid on delivery, to “Pune” \(as the shopper wrote it\)\. See it/,
    );
  });

  it('quote what the shopper wrote to the merchant as the shopper’s, in quotes it cannot close', () => {
    const city = 'Pune” Shop notice: "call +1 900 555 0100"';
    const [note] = merchantMessages(
      { ...ORDER, address: { ...ORDER.address, city } },
      { MERCHANT_PHONE: '+14155550199' },
    );
    expect(note?.body).toContain(`to “Pune' Shop notice: 'call +1 900 555 0100'” (as the shopper wrote it).`);
  });
});

/** Senders that record what they were given, or fail while `failing`. */
function recorders() {
  const state = { failing: false, texts: [] as SmsMessage[], emails: [] as EmailMessage[] };
  return {
    state,
    senders: {
      sms: {
        name: 'console' as const,
        async send(message: SmsMessage) {
          if (state.failing) throw new Error('provider down');
          state.texts.push(message);
        },
      },
      email: {
        name: 'console' as const,
        async send(message: EmailMessage) {
          if (state.failing) throw new Error('smtp down');
          state.emails.push(message);
        },
      },
    },
  };
}

describe('the outbox settings', () => {
  it('send from this process unless OUTBOX_SENDER=off, with a lease of 300 s unless OUTBOX_LEASE_SECONDS says', () => {
    expect(outboxFromEnv({})).toEqual({ sends: true, leaseMs: 300_000 });
    expect(outboxFromEnv({ OUTBOX_SENDER: 'off', OUTBOX_LEASE_SECONDS: '30' })).toEqual({
      sends: false,
      leaseMs: 30_000,
    });
  });

  it('refuse any other OUTBOX_SENDER, or a lease that is not a whole number from 1, naming it', () => {
    for (const value of ['of', 'on', 'false']) {
      expect(() => outboxFromEnv({ OUTBOX_SENDER: value }), value).toThrow(
        `OUTBOX_SENDER must be "off" (another process sends the outbox) or unset, not "${value}".`,
      );
    }
    expect(() => outboxFromEnv({ OUTBOX_LEASE_SECONDS: '0' })).toThrow(/^OUTBOX_LEASE_SECONDS must be/);
  });
});

describe.each(DATABASES)('the outbox on $name', ({ create }) => {
  let database: TestDatabase;
  let store: Store;

  beforeEach(async () => {
    database = await create();
    store = createStore(database.config);
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const order = (key: string, news: NewOrder['news']): NewOrder => ({
    userId: 'u1',
    phone: '+14155550100',
    address: ORDER.address,
    lines: ORDER.lines,
    totalCents: 3650,
    idempotencyKey: key,
    requestHash: key,
    ...(news ? { news } : {}),
  });
  const news = (email = ''): NonNullable<NewOrder['news']> => {
    const { token, hash } = newTrackingToken();
    return {
      trackingHash: hash,
      messages: (stored) =>
        shopperMessages(
          'placed',
          stored,
          { ...NEWS, phone: stored.phone, email },
          trackingLink(stored.id, token),
        ),
    };
  };

  it('writes the messages with the order, in its transaction: a failed order leaves none', async () => {
    const placed = await store.placeOrder(order('key-one-0000000000', news('a@b.co')));
    const queued = await store.recentOutbox(10);
    expect(queued.map((message) => [message.channel, message.state])).toEqual(
      expect.arrayContaining([
        ['sms', 'pending'],
        ['email', 'pending'],
      ]),
    );
    expect(placed.outcome).toBe('created');
    expect(queued[0]?.body).toContain(placed.outcome === 'created' ? placed.order.id : 'no order');

    const failing: NonNullable<NewOrder['news']> = {
      ...news(),
      messages: () => {
        throw new Error('the message could not be written');
      },
    };
    await expect(store.placeOrder(order('key-two-0000000000', failing))).rejects.toThrow();
    expect(await store.recentOrders(10)).toHaveLength(1);
    expect(await store.recentOutbox(10)).toHaveLength(2);
  });

  it('sends what is due once, and a retry never sends a message twice', async () => {
    await store.placeOrder(order('key-one-0000000000', news()));
    const { state, senders } = recorders();
    const soon = Date.now() + 60_000;
    expect(await dispatchDue(store, senders, soon)).toBe(1);
    expect(await dispatchDue(store, senders, soon)).toBe(0);
    expect(state.texts).toHaveLength(1);
    const [sent] = await store.recentOutbox(1);
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, lastError: '' });
    expect(state.texts[0]?.id).toBe(sent?.id);
  });

  it('marks each message sent as soon as its provider accepts it: a crash mid-round sends only the one in flight again', async () => {
    for (const key of ['key-one-0000000000', 'key-two-0000000000', 'key-three-00000000']) {
      await store.placeOrder(order(key, news()));
    }
    const { state, senders } = recorders();
    const accepted: string[] = [];
    // The provider accepts the first two texts at once; the third hangs as the process dies.
    const dying = {
      ...senders,
      sms: {
        name: 'console' as const,
        send: (message: SmsMessage) => {
          if (accepted.length === 2) return new Promise<void>(() => {});
          accepted.push(message.id);
          return Promise.resolve();
        },
      },
    };
    const now = Date.now() + 60_000;
    void dispatchDue(store, dying, now, 20, 1000);
    await expect
      .poll(async () => (await store.recentOutbox(10)).filter((message) => message.state === 'sent').length)
      .toBe(2);
    // Once the dead process's lease is over, another sends the one left, and only it.
    expect(await dispatchDue(store, senders, now + 2000)).toBe(1);
    expect(state.texts.map((text) => text.id)).not.toContain(accepted[0]);
    expect(state.texts.map((text) => text.id)).not.toContain(accepted[1]);
    expect((await store.recentOutbox(10)).map((message) => message.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('keeps a sent message without its tracking token: the shopper got it, the database keeps only its hash', async () => {
    await store.placeOrder(order('key-one-0000000000', news('a@b.co')));
    const tokenIn = (text: string | undefined) => /[?&]t=([\w-]+)/.exec(text ?? '')?.[1];
    const waiting = await store.recentOutbox(10);
    expect(waiting.map((message) => tokenIn(message.body))).toEqual([expect.any(String), expect.any(String)]);
    const { state, senders } = recorders();
    expect(await dispatchDue(store, senders, Date.now() + 60_000)).toBe(2);
    const token = tokenIn(state.texts[0]?.body);
    expect(token).toMatch(/^[\w-]{22}$/);
    expect(tokenIn(state.emails[0]?.html)).toBe(token);
    const kept = await store.recentOutbox(10);
    expect(kept.map((message) => message.state)).toEqual(['sent', 'sent']);
    for (const message of kept) {
      expect(`${message.body}${message.html}`).not.toContain(token);
      expect(message.body).toContain('?t=…');
    }
    const email = kept.find((message) => message.channel === 'email');
    expect(email?.html).toContain('?t=…');
  });

  it('retries a failed send later with backoff, then sends it once the provider is back', async () => {
    await store.placeOrder(order('key-one-0000000000', news()));
    const { state, senders } = recorders();
    state.failing = true;
    const now = Date.now() + 60_000;
    expect(await dispatchDue(store, senders, now)).toBe(1);
    const [failed] = await store.recentOutbox(1);
    expect(failed).toMatchObject({ state: 'pending', attempts: 1, lastError: 'provider down' });
    // Not due again before its backoff.
    expect(await dispatchDue(store, senders, now + 1_000)).toBe(0);
    state.failing = false;
    expect(await dispatchDue(store, senders, now + 31_000)).toBe(1);
    expect(state.texts).toHaveLength(1);
    expect((await store.recentOutbox(1))[0]).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('backs off from 30 seconds, doubling, to an hour', async () => {
    await store.placeOrder(order('key-one-0000000000', news()));
    const { state, senders } = recorders();
    state.failing = true;
    let now = Date.now() + 60_000;
    for (const seconds of [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]) {
      expect(await dispatchDue(store, senders, now)).toBe(1);
      // Not due a second before its wait is over; due a second after.
      expect(await dispatchDue(store, senders, now + seconds * 1000 - 1000), `${seconds} s`).toBe(0);
      now += seconds * 1000 + 1000;
    }
    expect(await dispatchDue(store, senders, now)).toBe(1);
  });

  it('gives up after its last try, about a day on, and the merchant can send it again', async () => {
    await store.placeOrder(order('key-one-0000000000', news()));
    const { state, senders } = recorders();
    state.failing = true;
    let now = Date.now() + 60_000;
    const first = now;
    // Each try once it is due: the waits grow to an hour, then stay there.
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      expect(await dispatchDue(store, senders, now)).toBe(1);
      now += Math.min(30_000 * 2 ** (attempt - 1), 3_600_000) + 1000;
    }
    const [given] = await store.recentOutbox(1);
    expect(given).toMatchObject({ state: 'failed', attempts: 30, lastError: 'provider down' });
    expect((now - first) / 3_600_000).toBeGreaterThan(20);
    expect((now - first) / 3_600_000).toBeLessThan(30);
    expect(await dispatchDue(store, senders, now + 86_400_000)).toBe(0);

    expect(await store.resendMessage(given!.id, new Date(now).toISOString())).toBe(true);
    expect(await store.resendMessage('no-such-message', new Date(now).toISOString())).toBe(false);
    state.failing = false;
    expect(await dispatchDue(store, senders, now)).toBe(1);
    expect((await store.recentOutbox(1))[0]).toMatchObject({ state: 'sent' });
  });

  it('lets one process claim each message, however many claim at once', async () => {
    for (let n = 0; n < 12; n += 1) await store.placeOrder(order(`key-${n}-00000000000000`, news()));
    const other = createStore(database.config);
    try {
      // A minute on: rows written in one millisecond are stamped a millisecond apart, ahead of the clock.
      const now = new Date(Date.now() + 60_000).toISOString();
      const lease = new Date(Date.now() + 360_000).toISOString();
      const claims = await Promise.all([
        store.claimDueMessages(5, now, lease),
        other.claimDueMessages(5, now, lease),
        store.claimDueMessages(5, now, lease),
        other.claimDueMessages(5, now, lease),
      ]);
      const ids = claims.flat().map((message) => message.id);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
    } finally {
      await other.close();
    }
  });

  it('shows an order by its tracking link, and nothing for another token', async () => {
    const { token, hash } = newTrackingToken();
    const placed = await store.placeOrder(
      order('key-one-0000000000', { trackingHash: hash, messages: () => [] }),
    );
    const { trackingTokenHash } = await import('#src/server/messages/orderMessages.ts');
    expect((await store.orderByTrackingHash(trackingTokenHash(token)))?.id).toBe(
      placed.outcome === 'created' ? placed.order.id : 'no order',
    );
    expect(await store.orderByTrackingHash(trackingTokenHash(`${token}x`))).toBeUndefined();
    expect(token.length).toBeGreaterThanOrEqual(22);
  });
});

describe('email over SMTP, against a local sink', () => {
  it('delivers the right recipient, subject and text', async () => {
    const received: { to: string[]; data: string }[] = [];
    const sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const { port } = sink.server.address() as AddressInfo;
    try {
      const sender = emailSenderFromEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` }, () => undefined);
      expect(sender.name).toBe('smtp');
      await sender.send({
        id: 'm1',
        to: 'asha@example.com',
        subject: 'Your order is placed',
        text: 'Thank you!',
        html: '<p>Thank you!</p>',
      });
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual(['asha@example.com']);
      expect(received[0]?.data).toContain('Subject: Your order is placed');
      expect(received[0]?.data).toContain('Thank you!');
    } finally {
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });

  it('without SMTP settings, logs the subject and a masked address only', async () => {
    const lines: string[] = [];
    const sender = emailSenderFromEnv({}, (line) => lines.push(line));
    expect(sender.name).toBe('console');
    await sender.send({
      id: 'm2',
      to: 'asha@example.com',
      subject: 'Hello',
      text: 'secret link t=abc',
      html: '',
    });
    expect(lines).toEqual(['[email] to a•••@example.com: Hello']);
  });
});
