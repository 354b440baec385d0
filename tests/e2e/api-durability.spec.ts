// The store under load, across restarts and shutdowns, and shared by two server processes.
// API only: Playwright's plain `test`, no browser page.
import { execFile } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { createStore, type StoreConfig } from '#src/server/store/index.ts';
import { answer, expectApiAnswer } from '../support/answers.ts';
import { POSTGRES_URL, postgresDatabase, sqliteDatabase, type TestDatabase } from '../support/databases.ts';
import { raw } from '../support/http.ts';
import { freePort, startServer, type ShopServer } from '../support/server.ts';

test.describe.configure({ mode: 'default' });

const CONTACT = '/api/v1/contact/create';
const LIMITS = { RATE_LIMIT_PER_MINUTE: '100000' };

const postMessage = (server: ShopServer, message: string) =>
  fetch(server.url + CONTACT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Load Test', email: 'load@example.com', message }),
  }).then(answer);

/** Posts `messages` `batch` at a time, spread over the servers in turn; every one must get 201. */
async function postAll(servers: ShopServer[], messages: string[], batch: number): Promise<void> {
  for (let start = 0; start < messages.length; start += batch) {
    const replies = await Promise.all(
      messages
        .slice(start, start + batch)
        .map((message, i) => postMessage(servers[(start + i) % servers.length] as ShopServer, message)),
    );
    for (const reply of replies) expectApiAnswer(reply, 201, /sent/);
  }
}

async function storedMessages(config: StoreConfig): Promise<string[]> {
  const store = createStore(config);
  try {
    return (await store.recentMessages(10_000)).map((m) => m.message);
  } finally {
    await store.close();
  }
}

test.describe('on SQLite', () => {
  let database: TestDatabase;
  test.beforeEach(() => {
    database = sqliteDatabase();
  });
  test.afterEach(async () => {
    await database.drop();
  });

  test('stores all of 200 messages posted 20 at a time, none lost or doubled', async () => {
    const server = await startServer({ ...database.env, ...LIMITS });
    const messages = Array.from({ length: 200 }, (_, i) => `load ${i}`);
    await postAll([server], messages, 20);
    await server.stop();
    const stored = await storedMessages(database.config);
    expect(stored).toHaveLength(200);
    expect(new Set(stored)).toEqual(new Set(messages));
  });

  test('keeps messages across a restart, and npm run inbox prints them', async () => {
    const first = await startServer({ ...database.env, ...LIMITS });
    await postAll([first], ['before restart 1', 'before restart 2'], 2);
    expect(await first.stop()).toBe(0);
    const second = await startServer({ ...database.env, ...LIMITS });
    await postAll([second], ['after restart'], 1);
    expect(await second.stop()).toBe(0);
    expect((await storedMessages(database.config)).sort()).toEqual([
      'after restart',
      'before restart 1',
      'before restart 2',
    ]);
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/inbox.ts', '5'], {
      env: { ...process.env, ...database.env },
    });
    expect(stdout).toContain('Contact messages (sqlite, newest first): 3');
    expect(stdout).toMatch(/Load Test <load@example\.com>\n {4}after restart/);
  });

  test('on SIGTERM, finishes a message in flight, refuses new connections and exits cleanly', async () => {
    const server = await startServer({ ...database.env, ...LIMITS });
    const { reply: inFlight, finish } = await halfSentMessage(server, 'sent during shutdown');
    const exited = server.stop('SIGTERM');
    await expect.poll(() => server.output()).toContain('SIGTERM: finishing 1 request(s)');
    await expect(fetch(server.url)).rejects.toThrow();
    finish();
    const reply = await inFlight;
    expect(reply).toMatch(/^HTTP\/1\.1 201 /);
    expect(reply).toMatch(/connection: close/i);
    expect(await exited).toBe(0);
    expect(await storedMessages(database.config)).toEqual(['sent during shutdown']);
  });

  test('SIGTERM sent to `npm run serve` reaches the server: it drains and exits with 0', async () => {
    const npm = process.env['npm_execpath'];
    test.skip(!npm, 'run through npm (npm run test:e2e), which says where npm is');
    const server = await startServer({ ...database.env, ...LIMITS }, [npm ?? '', 'run', 'serve', '--silent']);
    const { reply: inFlight, finish } = await halfSentMessage(server, 'sent while npm stops');
    const exited = server.stop('SIGTERM');
    await expect.poll(() => server.output()).toContain('SIGTERM: finishing 1 request(s)');
    finish();
    expect(await inFlight).toMatch(/^HTTP\/1\.1 201 /);
    expect(await exited).toBe(0);
    await expect(fetch(server.url)).rejects.toThrow();
    expect(await storedMessages(database.config)).toEqual(['sent while npm stops']);
  });
});

test.describe('on PostgreSQL', () => {
  test.skip(!POSTGRES_URL, 'TEST_DATABASE_URL is not set (.ci/run sets it)');
  let database: TestDatabase;
  test.beforeEach(async () => {
    database = await postgresDatabase();
  });
  test.afterEach(async () => {
    await database.drop();
  });

  test('two server processes on one database store every message posted to either', async () => {
    const servers = await Promise.all([
      startServer({ ...database.env, ...LIMITS }),
      startServer({ ...database.env, ...LIMITS }),
    ]);
    const messages = Array.from({ length: 200 }, (_, i) => `shared ${i}`);
    await postAll(servers, messages, 20);
    await Promise.all(servers.map((server) => server.stop()));
    const stored = await storedMessages(database.config);
    expect(stored).toHaveLength(200);
    expect(new Set(stored)).toEqual(new Set(messages));
  });

  test('answers 503 while the database is unreachable and recovers when it is back', async () => {
    const target = new URL(POSTGRES_URL);
    const proxy = await tcpProxy(target.hostname, Number(target.port || 5432));
    const url = new URL(database.env['DATABASE_URL'] ?? '');
    url.port = String(proxy.port);
    const server = await startServer({ ...database.env, DATABASE_URL: url.href, ...LIMITS });
    expectApiAnswer(await postMessage(server, 'before the outage'), 201, /sent/);
    await proxy.stop();
    expectApiAnswer(await postMessage(server, 'during the outage'), 503, /could not save your message/);
    expect((await fetch(server.url)).status).toBe(200);
    const restored = await tcpProxy(target.hostname, Number(target.port || 5432), proxy.port);
    await expect
      .poll(async () => (await postMessage(server, 'after the outage')).status, { timeout: 15_000 })
      .toBe(201);
    await server.stop();
    await restored.stop();
    expect(await storedMessages(database.config)).toContain('before the outage');
    expect(await storedMessages(database.config)).not.toContain('during the outage');
  });
});

/**
 * A contact message whose body is sent half: resolves once the server counts it in flight (its
 * health check says so). `finish` sends the rest; `reply` is all the server answers.
 */
async function halfSentMessage(server: ShopServer, message: string) {
  const body = JSON.stringify({ name: 'In Flight', email: 'a@b.io', message });
  const half = Math.floor(body.length / 2);
  const head = `POST ${CONTACT} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  const { promise: finished, resolve: finish } = Promise.withResolvers<void>();
  const reply = raw(server.port, [head, body.slice(0, half), { until: finished }, body.slice(half)]);
  await expect
    .poll(
      async () => ((await (await fetch(`${server.url}/healthz`)).json()) as { inFlight: number }).inFlight,
      { message: 'the message and the health check are in flight' },
    )
    .toBe(2);
  return { reply, finish };
}

/** A TCP relay to the database that a test can cut, to take the database away from a server. */
async function tcpProxy(host: string, port: number, listenPort?: number) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const chosen = listenPort ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(chosen, '127.0.0.1', resolve));
  return {
    port: chosen,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
