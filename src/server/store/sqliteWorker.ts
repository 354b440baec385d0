// The SQLite connection of one `sqliteDriver`, on a thread of its own: `node:sqlite` blocks while
// it works and while it waits for another process's write lock, and only this thread waits.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import type { SqliteReply, SqliteRequest, SqliteResult, SqliteStep } from './sqliteProtocol.ts';
import type { SqlValue } from './sql.ts';

const { file, waitMs } = workerData as { file: string; waitMs: number };
let db: DatabaseSync | undefined;
let busyMs = waitMs;
const statements = new Map<string, StatementSync>();
/** Something to `Atomics.wait` on: a pause of this thread, which only waits for the database. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Opened on first use, so a server whose data directory is missing starts and answers 503. */
function open(): DatabaseSync {
  if (db) return db;
  mkdirSync(dirname(file), { recursive: true });
  const opened = new DatabaseSync(file);
  opened.exec(`PRAGMA busy_timeout = ${busyMs}; PRAGMA synchronous = NORMAL;`);
  // WAL lets readers (`npm run inbox`) work while the server writes. Turning it on while another
  // connection is opening the new file can fail at once, without the busy wait: try again.
  const giveUp = Date.now() + busyMs;
  for (;;) {
    try {
      opened.exec('PRAGMA journal_mode = WAL');
      break;
    } catch (error) {
      if (Date.now() > giveUp || !/locked|busy/i.test(String(error))) throw error;
      Atomics.wait(PAUSE, 0, 0, 10);
    }
  }
  db = opened;
  return opened;
}

function prepare(sql: string): StatementSync {
  let statement = statements.get(sql);
  if (!statement) {
    statement = open().prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
}

/** SQLite reads `$1` as a named parameter: bind the list by those names. */
const bind = (params: readonly SqlValue[]) =>
  Object.fromEntries(params.map((value, index) => [`$${index + 1}`, value]));

function execute(request: SqliteRequest): SqliteResult {
  if (request.op === 'close') {
    statements.clear();
    db?.close();
    db = undefined;
    return undefined;
  }
  const connection = open();
  // How long this operation may still wait for another process's lock: what is left of its time.
  if (request.busyMs !== undefined && request.busyMs !== busyMs) {
    connection.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(request.busyMs))}`);
    busyMs = request.busyMs;
  }
  if (request.op !== 'batch') return step(connection, request);
  let result: SqliteResult;
  for (const each of request.steps) result = step(connection, each);
  return result;
}

function step(connection: DatabaseSync, request: SqliteStep): SqliteResult {
  switch (request.op) {
    case 'exec':
      connection.exec(request.sql);
      return undefined;
    case 'run':
      return Number(prepare(request.sql).run(bind(request.params)).changes);
    case 'all':
      return prepare(request.sql).all(bind(request.params));
  }
}

parentPort?.on('message', (request: SqliteRequest) => {
  let reply: SqliteReply;
  try {
    reply = { id: request.id, ok: true, result: execute(request) };
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
