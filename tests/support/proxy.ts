import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer, type ShopServer } from './server.ts';

/** Debian's nginx (`apt-get install nginx-light`), when installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

/** The committed configuration the README shows (`deploy/nginx.conf`), with `{{...}}` to fill. */
const TEMPLATE = join(import.meta.dirname, '../../deploy/nginx.conf');

/** Server processes behind nginx, as an operator would run them. */
export interface ProxiedShop {
  /** nginx's address: what shoppers reach. */
  url: string;
  servers: ShopServer[];
  stop(): Promise<void>;
}

/**
 * Starts `count` server processes with `env` (a shared PostgreSQL's, say) trusting the proxy on
 * loopback, and nginx in front of them with `deploy/nginx.conf`; resolves once nginx answers.
 */
export async function startProxiedShop(env: Record<string, string>, count = 2): Promise<ProxiedShop> {
  if (!NGINX) throw new Error('nginx is not installed');
  const servers = await Promise.all(
    Array.from({ length: count }, () => startServer({ ...env, TRUST_PROXY: '127.0.0.1' })),
  );
  const run = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(run, sub));
  const port = await freePort();
  const config = readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{run}}', run)
    .replace('{{listen}}', `127.0.0.1:${port}`)
    .replace('{{servers}}', servers.map((server) => `server 127.0.0.1:${server.port};`).join('\n    '));
  // As root, nginx's workers would drop to `nobody`, which cannot write the temporary directory.
  writeFileSync(join(run, 'nginx.conf'), (process.getuid?.() === 0 ? 'user root;\n' : '') + config);
  const nginx = spawn(
    NGINX,
    ['-e', join(run, 'error.log'), '-p', run, '-c', join(run, 'nginx.conf'), '-g', 'daemon off;'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    nginx.kill('SIGTERM');
    await exited;
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(run, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(`${url}/healthz`).then(
      (reply) => reply.ok,
      () => false,
    ))
  ) {
    if (nginx.exitCode !== null || Date.now() > deadline) {
      const log = existsSync(join(run, 'error.log')) ? readFileSync(join(run, 'error.log'), 'utf8') : '';
      await stop();
      throw new Error(`nginx did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, servers, stop };
}
