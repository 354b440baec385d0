import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, StoreUnavailableError, type Store, type StoredOrder } from '#src/server/store/index.ts';
import { DATABASES, sqliteDatabase, type TestDatabase } from '../support/databases.ts';

describe.each(DATABASES)('the store on $name', ({ name, create }) => {
  let database: TestDatabase;
  const opened: Store[] = [];
  const open = () => {
    const store = createStore(database.config);
    opened.push(store);
    return store;
  };

  beforeEach(async () => {
    database = await create();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await database.drop();
  });

  it('creates its schema on first start and applies nothing twice', async () => {
    const store = open();
    await store.ready();
    await store.ready();
    await expect(open().ready()).resolves.toBeUndefined();
    expect(await store.recentMessages(10)).toEqual([]);
  });

  it('saves a contact message with its time and lists the newest first', async () => {
    const store = open();
    const first = await store.saveContactMessage({ name: 'Asha', email: 'asha@example.com', message: 'Hi' });
    const second = await store.saveContactMessage({
      name: 'Zoë 🌶️',
      email: 'zoe@example.com',
      message: 'Ça va? 字'.repeat(500),
    });
    expect(Date.parse(first.createdAt)).not.toBeNaN();
    const recent = await store.recentMessages(10);
    expect(recent.map((m) => m.id)).toEqual([second.id, first.id]);
    expect(recent[0]).toEqual(second);
  });

  it('limits the list to the number asked for', async () => {
    const store = open();
    for (const name of ['a', 'b', 'c'])
      await store.saveContactMessage({ name, email: 'x@y.io', message: name });
    expect(await store.recentMessages(2)).toHaveLength(2);
  });

  it('stores a newsletter address once however often it subscribes', async () => {
    const store = open();
    expect(await store.subscribe('asha@example.com')).toEqual({ created: true });
    expect(await store.subscribe('asha@example.com')).toEqual({ created: false });
    await store.subscribe('ravi@example.com');
    const subscriptions = await store.recentSubscriptions(10);
    expect(subscriptions.map((s) => s.email).sort()).toEqual(['asha@example.com', 'ravi@example.com']);
  });

  it('keeps every one of 200 messages saved at once', async () => {
    const store = open();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        store.saveContactMessage({ name: `n${i}`, email: 'x@y.io', message: `m${i}` }),
      ),
    );
    const names = new Set((await store.recentMessages(500)).map((m) => m.name));
    expect(names.size).toBe(200);
  });

  it('keeps messages after it is closed and opened again', async () => {
    const store = open();
    const saved = await store.saveContactMessage({ name: 'Asha', email: 'a@b.io', message: 'kept' });
    await store.close();
    opened.splice(opened.indexOf(store), 1);
    expect(await open().recentMessages(5)).toEqual([saved]);
  });

  it('lets two stores on one database start together and both write', async () => {
    const [one, two] = [open(), open()];
    await Promise.all([one.ready(), two.ready()]);
    await Promise.all([
      one.saveContactMessage({ name: 'one', email: 'a@b.io', message: '1' }),
      two.saveContactMessage({ name: 'two', email: 'a@b.io', message: '2' }),
    ]);
    expect((await one.recentMessages(5)).map((m) => m.name).sort()).toEqual(['one', 'two']);
  });

  it('is ready once every migration is applied', async () => {
    await expect(open().checkReady()).resolves.toBeUndefined();
  });

  it('lists orders page by page, newest first, each order once', async () => {
    const store = open();
    for (let i = 0; i < 23; i++) {
      await store.placeOrder({
        userId: 'u1',
        phone: '+14155550199',
        address: { name: 'A', street: 'S', city: 'C', state: '', zip: '', country: '', phone: '' },
        lines: [
          { productId: 'cumin-seeds', pack: '100 g', name: `line ${i}`, quantity: 1, priceCents: 100 + i },
        ],
        totalCents: 100 + i,
        idempotencyKey: `key-${i}-0123456789abcdef`,
        requestHash: String(i),
      });
    }
    const pages: string[][] = [];
    let before: StoredOrder | undefined;
    for (;;) {
      const page = await store.listOrders({ before, limit: 5 });
      if (page.length === 0) break;
      pages.push(page.map((order) => order.lines[0]?.name ?? ''));
      before = page.at(-1);
    }
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.flat()).toEqual(Array.from({ length: 23 }, (_, i) => `line ${22 - i}`));
    expect((await store.recentOrders(2)).map((order) => order.totalCents)).toEqual([122, 121]);
  });

  it(
    name === 'postgres'
      ? 'counts rate limits in the database, shared by every process, apart per bucket and window'
      : 'leaves rate limits to each process (one SQLite process)',
    async () => {
      const [one, two] = [open(), open()];
      if (name === 'sqlite') {
        expect(one.sharedLimits).toBeUndefined();
        return;
      }
      const now = 120_000 + 30_000;
      const count = (store: Store, bucket: string, at = now) => {
        if (!store.sharedLimits) throw new Error('PostgreSQL stores count limits in the database');
        return store.sharedLimits.count(bucket, '203.0.113.9', 60_000, at);
      };
      expect(await count(one, 'contact')).toEqual({ current: 1, previous: 0 });
      expect(await count(two, 'contact')).toEqual({ current: 2, previous: 0 });
      expect(await count(two, 'orders')).toEqual({ current: 1, previous: 0 });
      expect(await count(one, 'contact', now + 60_000)).toEqual({ current: 1, previous: 2 });
      const together = await Promise.all(Array.from({ length: 20 }, () => count(one, 'burst')));
      expect(together.map((counts) => counts.current).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    },
  );
});

describe('a store whose database cannot be reached', () => {
  it('reports SQLite in an unusable directory as unavailable', async () => {
    const { config, drop } = sqliteDatabase();
    const blocker = join(config.dataDir, 'not-a-directory');
    writeFileSync(blocker, '');
    const store = createStore({ dataDir: join(blocker, 'data') });
    await expect(
      store.saveContactMessage({ name: 'a', email: 'a@b.io', message: 'm' }),
    ).rejects.toBeInstanceOf(StoreUnavailableError);
    await store.close();
    await drop();
  });

  it('reports PostgreSQL on a closed port as unavailable', async () => {
    const store = createStore({ databaseUrl: 'postgres://shop:shop@127.0.0.1:1/none', dataDir: 'unused' });
    await expect(store.subscribe('a@b.io')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.checkReady()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.sharedLimits?.count('b', 'c', 60_000, 0)).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await store.close();
  });

  it('refuses a DATABASE_URL that is not PostgreSQL', () => {
    expect(() => createStore({ databaseUrl: 'mysql://x', dataDir: 'data' })).toThrow(/postgres:\/\//);
  });
});
