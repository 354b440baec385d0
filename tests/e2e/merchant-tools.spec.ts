// The merchant's terminal commands on a database of their own: what shoppers typed is printed
// so that it cannot disguise itself. API only: Playwright's plain `test`, no browser page.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { createStore } from '../../src/server/store/index.ts';
import { sqliteDatabase, type TestDatabase } from '../support/databases.ts';

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
});
