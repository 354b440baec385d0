import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { StoreConfig } from '#src/server/store/index.ts';

/** A database of its own for one test file, and how to throw it away. */
export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  config: StoreConfig;
  /** What a server process needs in its environment to use this database. */
  env: Record<string, string>;
  drop: () => Promise<void>;
}

/** `TEST_DATABASE_URL` (set by `.ci/run`) turns the PostgreSQL runs on. */
export const POSTGRES_URL = process.env['TEST_DATABASE_URL'] ?? '';

export function sqliteDatabase(): TestDatabase {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-store-'));
  return {
    name: 'sqlite',
    config: { dataDir },
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh schema in the test database, selected through the connection's search_path. */
export async function postgresDatabase(): Promise<TestDatabase> {
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-store-'));
  return {
    name: 'postgres',
    config: { databaseUrl: url.href, dataDir },
    env: { DATABASE_URL: url.href, DATA_DIR: dataDir },
    async drop() {
      const cleanup = new pg.Client({ connectionString: POSTGRES_URL });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The databases a suite runs on: SQLite always, PostgreSQL when configured. */
export const DATABASES: { name: TestDatabase['name']; create: () => Promise<TestDatabase> }[] = [
  { name: 'sqlite', create: async () => sqliteDatabase() },
  ...(POSTGRES_URL ? [{ name: 'postgres' as const, create: postgresDatabase }] : []),
];

/** How a report names each database. */
export const DATABASE_NAMES: Record<TestDatabase['name'], string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
};

/** `npm run <script> -- …` (a merchant's command) on `database`: its output and exit code, failing or not. */
export const runCommand = (database: Pick<TestDatabase, 'env'>, script: string, ...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [`scripts/${script}.ts`, ...args],
      { env: { ...process.env, ...database.env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
