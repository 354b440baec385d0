// @ts-check
// Server throughput with autocannon on loopback, and the same static files served by nginx
// (when installed) as the yardstick for static pages.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, start, tempDir, waitForHttp } from './processes.mjs';

export const CONNECTIONS = 10;
export const DURATION_S = 5;
export const NGINX = '/usr/sbin/nginx';

/**
 * @typedef {object} Throughput
 * @property {number} rps  mean requests per second
 * @property {number} p50  ms
 * @property {number} p99  ms
 * @property {number} errors  connection errors and timeouts
 * @property {number} non2xx
 */

/**
 * @typedef {object} Request
 * @property {string} name  e.g. "GET /"
 * @property {string} path
 * @property {'GET' | 'POST'} [method]
 * @property {string} [body]
 * @property {() => Record<string, string>} [freshHeaders]  headers made anew for every request (a new Idempotency-Key)
 * @property {Record<string, string>} [headers]  sent with every request (a session cookie)
 */

/**
 * @param {string} base
 * @param {Request} request
 * @returns {Promise<Throughput>}
 */
export async function load(base, request) {
  const result = await autocannon({
    url: base + request.path,
    method: request.method ?? 'GET',
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: {
      ...request.headers,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.freshHeaders === undefined
      ? {}
      : {
          requests: [
            {
              setupRequest: (/** @type {import('autocannon').Request} */ sent) => ({
                ...sent,
                headers: { ...sent.headers, ...request.freshHeaders?.() },
              }),
            },
          ],
        }),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * @typedef {object} FirstByte  time to first byte: from sending a request to its status line and
 *   headers, the body still to come
 * @property {number} count  requests answered
 * @property {number} p50  ms
 * @property {number} p99  ms
 */

/**
 * Time to first byte of GET `path` with `CONNECTIONS` requests in flight for `DURATION_S` seconds,
 * over kept-alive connections as autocannon's (which reports only whole answers).
 * @param {string} base
 * @param {Request} request  a GET, with its headers (a session cookie)
 * @returns {Promise<FirstByte>}
 */
export async function firstByte(base, request) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const times = /** @type {number[]} */ ([]);
  const until = performance.now() + DURATION_S * 1000;
  const once = () =>
    new Promise((resolve, reject) => {
      const began = performance.now();
      httpRequest(base + request.path, { agent, headers: request.headers ?? {} }, (response) => {
        times.push(performance.now() - began);
        response.resume();
        response.once('end', resolve);
      })
        .once('error', reject)
        .end();
    });
  async function connection() {
    while (performance.now() < until) await once();
  }
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  } finally {
    agent.destroy();
  }
  return { count: times.length, ...percentiles(times) };
}

/**
 * The median and 99th percentile of `times`.
 * @param {number[]} times
 */
function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (/** @type {number} */ q) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * Whole sign-ins, as a shopper makes them: a code sent to a phone no one used, then checked, by
 * `CONNECTIONS` shoppers at once for `DURATION_S` seconds. Each sign-in is two requests.
 * @param {string} base
 * @returns {Promise<Throughput>}
 */
export async function loadSignIns(base) {
  const times = /** @type {number[]} */ ([]);
  let errors = 0;
  let non2xx = 0;
  let next = 0;
  const until = performance.now() + DURATION_S * 1000;
  /** @param {string} path @param {unknown} body */
  const post = (path, body) =>
    fetch(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  async function shopper() {
    while (performance.now() < until) {
      next += 1;
      const phone = `+1 212 ${String(5_000_000 + next).slice(0, 7)}`;
      const began = performance.now();
      try {
        const sent = await post('/api/v1/auth/code', { phone });
        await sent.arrayBuffer();
        const checked = await post('/api/v1/auth/session', { phone, code: '123456' });
        await checked.arrayBuffer();
        if (!sent.ok || !checked.ok) non2xx += 1;
        times.push(performance.now() - began);
      } catch {
        errors += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, shopper));
  return { rps: times.length / DURATION_S, ...percentiles(times), errors, non2xx };
}

/**
 * The round with the highest rate.
 * @param {Throughput[]} rounds
 * @returns {Throughput}
 */
export function best(rounds) {
  const [first, ...rest] = rounds;
  if (!first) throw new Error('best() needs at least one round');
  return rest.reduce((top, round) => (round.rps > top.rps ? round : top), first);
}

/**
 * Serves `root` with nginx on a free loopback port: one worker (the shop's server is one Node
 * process), no access log, the same URL to file mapping as Astro's static output.
 * @param {string} root
 */
export async function startNginx(root) {
  if (!existsSync(NGINX)) return undefined;
  const port = await freePort();
  const temp = tempDir('shop-bench-nginx-');
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(temp.dir, sub));
  const asRoot = process.getuid?.() === 0 ? 'user root;' : '';
  const config = `${asRoot}
worker_processes 1;
daemon off;
pid ${temp.dir}/nginx.pid;
error_log ${temp.dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${temp.dir}/body;
  proxy_temp_path ${temp.dir}/proxy;
  fastcgi_temp_path ${temp.dir}/fastcgi;
  uwsgi_temp_path ${temp.dir}/uwsgi;
  scgi_temp_path ${temp.dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / { try_files $uri $uri/index.html $uri.html =404; }
  }
}
`;
  const file = join(temp.dir, 'nginx.conf');
  writeFileSync(file, config);
  const proc = start(NGINX, ['-e', join(temp.dir, 'error.log'), '-p', temp.dir, '-c', file]);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/`, proc, 'nginx');
  return {
    base,
    stop: async () => {
      await proc.stop();
      await temp.remove();
    },
  };
}
