// The merchant's terminal commands on a database of their own: what shoppers typed is printed
// so that it cannot disguise itself. API only: Playwright's plain `test`, no browser page.
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { createStore } from '#src/server/store/index.ts';
import { runCommand, sqliteDatabase, type TestDatabase } from '../support/databases.ts';

let database: TestDatabase;
test.beforeEach(() => {
  database = sqliteDatabase();
});
test.afterEach(async () => {
  await database.drop();
});

test('npm run inbox shows control and bidi characters as escapes, keeping line breaks', async () => {
  const store = createStore(database.config);
  await store.saveContactMessage({
    name: 'Eve \u202Etxt.exe',
    email: 'eve@example.com',
    message: 'First line\nSecond line \u2066hidden\u2069 \u001b[31mred\u0007',
  });
  await store.close();
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/inbox.ts', '5'], {
    env: { ...process.env, ...database.env },
  });
  expect(stdout).toContain('Eve \\u202etxt.exe <eve@example.com>');
  expect(stdout).toContain('    First line\n    Second line \\u2066hidden\\u2069 \\u001b[31mred\\u0007');
  expect(stdout).not.toMatch(/[\u202E\u2066\u2069\u001b\u0007]/);
  for (const [script, args, said] of [
    [
      'inbox',
      ['0'],
      /^"0" is not a number of entries: give a whole number from 1 \(npm run inbox -- 200\)\.\nUsage:/,
    ],
    ['inbox', ['many'], /^"many" is not a number of entries/],
    ['inbox', ['2', 'extra'], /^Usage:/],
    [
      'outbox',
      ['0'],
      /^"0" is not a number of messages: give a whole number from 1 \(npm run outbox -- 200\)\.\nUsage:/,
    ],
    ['outbox', ['resend'], /^Usage:/],
    ['outbox', ['3', 'extra'], /^Usage:/],
  ] as const) {
    const wrong = await runCommand(database, script, ...args);
    expect([wrong.code, wrong.stdout, wrong.stderr], `${script} ${args.join(' ')}`).toEqual([
      2,
      '',
      expect.stringMatching(said),
    ]);
  }
});

/** `npm run orders -- …` on the test's database: its output and exit code, failing or not. */
function orders(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/orders.ts', ...args],
      { env: { ...process.env, ...database.env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** `count` orders of one line each, written straight to the file (the API would take minutes). */
async function seedOrders(count: number): Promise<void> {
  const store = createStore(database.config);
  await store.ready();
  await store.close();
  const db = new DatabaseSync(join(database.config.dataDir, 'shop.sqlite'));
  const address = JSON.stringify({ name: 'A', street: 'S', city: 'C', state: '', zip: '', phone: '' });
  const order = db.prepare(
    `INSERT INTO orders (id, idempotency_key, request_hash, user_id, phone, phone_digits, address, total_cents, status, created_at)
     VALUES (?, ?, '', 'u', '+14155550199', '14155550199', ?, 850, 'processing', ?)`,
  );
  const line = db.prepare(
    `INSERT INTO order_lines (order_id, position, product_id, pack, name, quantity, price_cents)
     VALUES (?, 0, 'tellicherry-black-pepper', '100 g', 'Pepper (100 g)', 1, 850)`,
  );
  const event = db.prepare(`INSERT INTO order_events (order_id, status, at) VALUES (?, 'processing', ?)`);
  db.exec('BEGIN');
  for (let i = 0; i < count; i++) {
    const id = `ORD-${String(1_000_000 + i)}`;
    const at = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    order.run(id, `key-${i}`, address, at);
    line.run(id);
    event.run(id, at);
  }
  db.exec('COMMIT');
  db.close();
}

test('npm run orders lists 100,000 orders, newest first, page by page', async () => {
  test.setTimeout(120_000);
  await seedOrders(100_000);
  const started = Date.now();
  const all = await orders('100000');
  console.log(`[merchant-tools] 100,000 orders listed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect(all.stderr).toBe('');
  const rows = all.stdout.split('\n').filter((row) => row.startsWith('ORD-'));
  expect(rows).toHaveLength(100_000);
  // Seeded without a country (as orders were before they kept one): "-" in its column.
  expect(rows[0]).toMatch(/^ORD-1099999 .* 1 item .*\$8\.50 {2}processing +- +Pay on delivery$/);
  expect(rows.at(-1)).toMatch(/^ORD-1000000 /);
  expect(new Set(rows.map((row) => row.split(' ')[0])).size).toBe(100_000);
  expect(all.stdout).toMatch(/\n100000 orders\n$/);
  // `list` is the bare command; the default is 20.
  const bare = await orders();
  expect(bare.stdout.split('\n').filter((row) => row.startsWith('ORD-'))).toHaveLength(20);
  expect((await orders('list')).stdout).toBe(bare.stdout);
  expect((await orders('list', '3')).stdout).toBe((await orders('3')).stdout);
});

test('npm run orders answers bad arguments with what is wrong, and exit code 2', async () => {
  for (const [args, message] of [
    [['0'], /"0" is not a number of orders: give a whole number from 1/],
    [['-5'], /"-5" is not a number of orders/],
    [['list', 'many'], /"many" is not a number of orders/],
    [['list', '2.5'], /"2\.5" is not a number of orders/],
    [['list', '99999999999999999'], /"99999999999999999" is not a number of orders/],
    [['list', '5', '6'], /Too many arguments\.\nUsage:/],
    [['lsit'], /Unknown command "lsit"\.\nUsage:/],
    [['show'], /^Usage:/],
    [['show', 'ORD-1', 'extra'], /Too many arguments\.\nUsage:/],
    [['ship'], /^Usage:/],
  ] as const) {
    const answer = await orders(...args);
    expect(answer.code, args.join(' ')).toBe(2);
    expect(answer.stderr, args.join(' ')).toMatch(message);
    expect(answer.stdout, args.join(' ')).toBe('');
  }
  const unknown = await orders('show', 'ORD-404');
  expect([unknown.code, unknown.stderr]).toEqual([1, 'No order ORD-404.\n']);
});

test("every merchant's command refuses a DATABASE_URL that cannot work with one line and exit code 2", async () => {
  const wrongDatabase = { env: { ...database.env, DATABASE_URL: 'nonsense' } };
  for (const script of ['orders', 'stock', 'outbox', 'reviews', 'inbox']) {
    const answer = await runCommand(wrongDatabase, script);
    expect([script, answer.code, answer.stdout, answer.stderr]).toEqual([
      script,
      2,
      '',
      'DATABASE_URL must be a postgres:// URL (leave it unset for SQLite).\n',
    ]);
  }
});

test("every merchant's command answers --help with its usage and exit code 0, touching nothing", async () => {
  // A DATABASE_URL that cannot work: help is given before the database is opened.
  const wrongDatabase = { env: { ...database.env, DATABASE_URL: 'nonsense' } };
  for (const script of ['orders', 'stock', 'outbox', 'reviews', 'inbox']) {
    for (const help of ['--help', '-h']) {
      const answer = await runCommand(wrongDatabase, script, help);
      expect([script, answer.code, answer.stderr]).toEqual([script, 0, '']);
      expect(answer.stdout, script).toMatch(new RegExp(`^Usage:[^]*npm run ${script}`));
    }
  }
});

test('a command piped to a reader that stops early (npm run stock | head) ends quietly with exit code 0', async () => {
  for (const script of ['stock', 'orders', 'outbox', 'reviews', 'inbox']) {
    const child = spawn(process.execPath, [`scripts/${script}.ts`], {
      env: { ...process.env, ...database.env },
    });
    // The reader is gone before the command prints its first line.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect([script, code, stderr]).toEqual([script, 0, '']);
  }
});
