// Runs Playwright on this same Node (24). The shop's browser tests start a built server per
// worker on a throwaway database (tests/e2e/fixtures.ts); the workbench's dev server gets a free
// port and a throwaway data directory from here, so a test run never touches the shop's own data.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
const port = String(process.env.E2E_PORT ?? (await freePort()));
const playwrightCli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const result = spawnSync(process.execPath, [playwrightCli, 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  // The server runs on this same Node (24), whoever started the script.
  env: {
    ...process.env,
    PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
    E2E_PORT: port,
    E2E_DATA_DIR: dataDir,
    // The shop's servers and the merchant's commands start dozens of times in a run: Node keeps
    // their compiled modules (TypeScript stripped) here, and a server then starts in 1.1 s of CPU
    // instead of 1.4, a command in 0.2 s instead of 0.46.
    NODE_COMPILE_CACHE:
      process.env.NODE_COMPILE_CACHE ??
      join(import.meta.dirname, '..', 'node_modules', '.cache', 'node-compile-cache'),
  },
});
rmSync(dataDir, { recursive: true, force: true });
if (result.error) console.error(result.error.message);
process.exit(result.status ?? 1);
