import { join, resolve } from 'node:path';
import { postgresDriver } from './postgres.ts';
import { sqliteDriver } from './sqlite.ts';
import { createSqlStore } from './sqlStore.ts';
import type { Store } from './types.ts';

export type { Store, StoredOrder } from './types.ts';
export { StoreUnavailableError } from './types.ts';

export interface StoreConfig {
  /** `postgres://…` selects PostgreSQL; empty or absent selects SQLite. */
  databaseUrl?: string | undefined;
  /** Where the SQLite file lives (`shop.sqlite` inside it). */
  dataDir: string;
}

/** Throws, naming the setting, when `DATABASE_URL` is set to anything but a PostgreSQL URL. */
export function checkDatabaseUrl(databaseUrl: string | undefined): void {
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for SQLite).');
  }
}

/** The store the configuration names. Nothing is opened until `ready()` or the first query. */
export function createStore({ databaseUrl, dataDir }: StoreConfig): Store {
  checkDatabaseUrl(databaseUrl);
  if (databaseUrl) {
    return createSqlStore(postgresDriver(databaseUrl));
  }
  return createSqlStore(sqliteDriver(join(resolve(dataDir), 'shop.sqlite')));
}

/** The store `DATABASE_URL` and `DATA_DIR` (default `./data`) describe. */
export function storeFromEnv(env: NodeJS.ProcessEnv = process.env): Store {
  return createStore({ databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR'] || 'data' });
}
