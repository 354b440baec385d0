// `npm run inbox` prints what shoppers typed: their control and bidirectional characters must
// show as escapes, never reorder or recolour the merchant's terminal.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore } from '#src/server/store/index.ts';
import { sqliteDatabase } from '../support/databases.ts';

const database = sqliteDatabase();
const RIGHT_TO_LEFT_OVERRIDE = '\u202E';
const FIRST_STRONG_ISOLATE = '\u2068';
const ESCAPE = '\u001B';
const RAW_UNSAFE = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

beforeAll(async () => {
  const store = createStore(database.config);
  try {
    await store.saveContactMessage({
      name: `Asha ${RIGHT_TO_LEFT_OVERRIDE}oaR`,
      email: 'asha@example.com',
      message: `Refund ${FIRST_STRONG_ISOLATE}me${ESCAPE}[31m now\r\nsecond line\u0007`,
    });
    await store.subscribe(`x${RIGHT_TO_LEFT_OVERRIDE}@example.com`);
  } finally {
    await store.close();
  }
});
afterAll(() => database.drop());

describe('npm run inbox', () => {
  it('shows control and bidirectional characters as \\u escapes and keeps the message’s lines', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/inbox.ts', '5'], {
      env: { ...process.env, ...database.env },
    });
    const lines = stdout.split('\n');
    for (const line of lines) expect(line).not.toMatch(RAW_UNSAFE);
    expect(stdout).toContain('Asha \\u202eoaR <asha@example.com>');
    expect(stdout).toContain('    Refund \\u2068me\\u001b[31m now\\u000d\n    second line\\u0007\n');
    expect(stdout).toMatch(/ {2}x\\u202e@example\.com\n/);
    // A whole Node process starts and opens the database: seconds on a busy machine.
  }, 30_000);
});
