// @ts-check
// Every process and temporary thing the benchmark starts is registered here, so that a normal end,
// a failure, Ctrl-C or SIGTERM stops and removes all of it.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The project being measured. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();
/** @type {Set<() => unknown>} */
const cleanups = new Set();

/**
 * Runs `fn` when the benchmark stops, however it stops. Returns a function that runs it now.
 * @param {() => unknown} fn
 */
export function onStop(fn) {
  cleanups.add(fn);
  return async () => {
    cleanups.delete(fn);
    await fn();
  };
}

/** A temporary directory, removed when the benchmark stops. */
export function tempDir(/** @type {string} */ prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = onStop(() => rmSync(dir, { recursive: true, force: true }));
  return { dir, remove };
}

/** What a copy of the project needs to build and serve; node_modules is linked, not copied. */
const PROJECT_FILES = ['src', 'public', 'astro.config.mjs', 'tsconfig.json', 'package.json'];

/**
 * A temporary copy of the project (never committed), removed when the benchmark stops.
 * @param {string} prefix
 * @param {string[]} [extra]  more of the project to copy, e.g. a build's `dist`
 */
export function copyProject(prefix, extra = []) {
  const copy = tempDir(prefix);
  for (const entry of [...PROJECT_FILES, ...extra]) {
    if (existsSync(join(ROOT, entry))) cpSync(join(ROOT, entry), join(copy.dir, entry), { recursive: true });
  }
  // Each package linked, not the folder: Astro's and Vite's caches (node_modules/.astro, .vite)
  // stay the copy's own. Shared, a long build read back the catalogue of whichever build or
  // `astro check` had written the content store last (20,000 products built as 24).
  mkdirSync(join(copy.dir, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!name.startsWith('.'))
      symlinkSync(join(ROOT, 'node_modules', name), join(copy.dir, 'node_modules', name));
  }
  return copy;
}

/**
 * Starts a process in its own process group (so its helpers stop with it), remembering it.
 * Its output is kept in `output` for error messages.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 */
export function start(command, args, options = {}) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { text: '' };
  const keep = (/** @type {Buffer} */ chunk) => {
    output.text = (output.text + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  children.add(child);
  /** @type {Promise<{ code: number | null, signal: NodeJS.Signals | null }>} */
  const exited = new Promise((resolveExit) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolveExit({ code, signal });
    });
    child.once('error', (error) => {
      children.delete(child);
      output.text += `\n${error.message}`;
      resolveExit({ code: 1, signal: null });
    });
  });
  return {
    child,
    output,
    exited,
    stop: () => stopProcess(child),
  };
}

/** @param {import('node:child_process').ChildProcess} child */
function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
    return Promise.resolve();
  }
  const done = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
  const force = setTimeout(() => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }, 5000);
  return done.finally(() => clearTimeout(force));
}

/**
 * Runs a command to its end; rejects with its last output when it fails.
 * @param {string} what  named in the error
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 */
export async function run(what, command, args, options) {
  const proc = start(command, args, options);
  const { code, signal } = await proc.exited;
  if (code !== 0) {
    throw new Error(`${what} failed (${signal ?? `exit ${code}`}):\n${proc.output.text}`);
  }
}

/** Stops everything still running and removes temporary files. */
export async function stopAll() {
  await Promise.allSettled([...children].map(stopProcess));
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map(async (fn) => fn()));
}

let stopping = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping every process the benchmark started...`);
    void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

/** A free TCP port on 127.0.0.1; fails clearly when none can be had. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', (error) =>
      reject(new Error(`No free port on 127.0.0.1 for the benchmark: ${error.message}`)),
    );
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Waits until `url` answers, or fails with the process's output when it exits or takes too long.
 * @param {string} url
 * @param {ReturnType<typeof start>} proc
 * @param {string} what
 */
export async function waitForHttp(url, proc, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${what} stopped before answering ${url}:\n${proc.output.text}`);
    const ok = await fetch(url).then(
      () => true,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s:\n${proc.output.text}`);
}

/**
 * The project's `serve` script (`node <file> ...`) as arguments for this Node.
 * @param {string} cwd
 */
function serveArgs(cwd) {
  /** @type {{ scripts?: Record<string, string> }} */
  const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
  const serve = pkg.scripts?.serve ?? '';
  // `exec node <file>`: the shell hands its process to Node, so signals reach the server.
  const [command, ...args] = serve
    .trim()
    .replace(/^exec\s+/, '')
    .split(/\s+/);
  if (command !== 'node' || args.length === 0) {
    throw new Error(
      `package.json's "serve" script must be \`exec node <server file>\` to be benchmarked, found "${serve}".`,
    );
  }
  return args;
}

/**
 * Starts the built shop under `cwd` as its `serve` script does, on a free port with a throwaway
 * data directory. `env` adds variables (e.g. a high contact rate limit).
 * @param {string} cwd
 * @param {Record<string, string>} [env]
 */
export async function startShop(cwd, env = {}) {
  const port = await freePort();
  const data = tempDir('shop-bench-data-');
  const proc = start(process.execPath, serveArgs(cwd), {
    cwd,
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: data.dir },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, proc, 'The shop server');
  return {
    base,
    port,
    /** The server's SQLite data directory, for reading what it stored (the outbox). */
    dataDir: data.dir,
    stop: async () => {
      await proc.stop();
      await data.remove();
    },
  };
}
