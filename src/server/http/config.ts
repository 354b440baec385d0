import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { urlSetting, wholeNumberSetting } from '#src/server/envSettings.ts';
import { checkDatabaseUrl } from '#src/server/store/index.ts';
import { parseTrustProxy, type TrustProxy } from './proxy.ts';

/** How the server process is configured: environment variables only, all documented in the README. */
export interface ServerConfig {
  port: number;
  host: string;
  /** Where SQLite keeps its file when `DATABASE_URL` is not set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The longest a client may take to send one whole request (headers and body): slow clients get 408. */
  requestTimeoutMs: number;
  /** How long a SIGTERM waits for requests in flight before closing what is left. */
  shutdownTimeoutMs: number;
  /** Serve HTTPS directly with these PEM files' contents (usually a proxy in front terminates TLS instead). */
  tls: { cert: Buffer; key: Buffer } | undefined;
  /** Whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`TRUST_PROXY`; nobody's by default). */
  trustProxy: TrustProxy;
}

/** One of the PEM files HTTPS needs, read and parsed now, so that a bad one is named at start. */
function pemFile(name: string, path: string, part: 'cert' | 'key'): Buffer {
  let pem: Buffer;
  try {
    pem = readFileSync(path);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    throw new Error(`${name}: cannot read ${path} (${code}): give the path of a file this process may read.`);
  }
  try {
    createSecureContext({ [part]: pem });
  } catch {
    const what = part === 'cert' ? 'certificate' : 'private key (unencrypted)';
    throw new Error(`${name}: ${path} is not a PEM ${what}: give a file that begins with -----BEGIN.`);
  }
  return pem;
}

/** `SERVER_CERT_PATH` and `SERVER_KEY_PATH`: both (HTTPS), or neither (HTTP). */
function tlsFromEnv(env: NodeJS.ProcessEnv): ServerConfig['tls'] {
  const certPath = env['SERVER_CERT_PATH'];
  const keyPath = env['SERVER_KEY_PATH'];
  if (!certPath && !keyPath) return undefined;
  // One alone would serve plain HTTP where HTTPS was meant.
  if (!certPath || !keyPath) {
    const [set, missing] = certPath
      ? ['SERVER_CERT_PATH', 'SERVER_KEY_PATH']
      : ['SERVER_KEY_PATH', 'SERVER_CERT_PATH'];
    throw new Error(`${set} is set without ${missing}: set both to serve HTTPS, or neither for HTTP.`);
  }
  const tls = {
    cert: pemFile('SERVER_CERT_PATH', certPath, 'cert'),
    key: pemFile('SERVER_KEY_PATH', keyPath, 'key'),
  };
  try {
    createSecureContext(tls);
  } catch {
    throw new Error(
      `SERVER_KEY_PATH: ${keyPath} is not the key of the certificate in ${certPath}: give the key it was made with.`,
    );
  }
  return tls;
}

/** Throws with a message naming the setting when one is unusable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const databaseUrl = env['DATABASE_URL'] || undefined;
  checkDatabaseUrl(databaseUrl);
  // Read by the pages and the messages; checked here, first, so that a bad one is named as such
  // (demo mode would otherwise take it for a public shop's).
  urlSetting(env, 'SITE_URL', ['http:', 'https:'], 'https://shop.example');
  return {
    port: wholeNumberSetting(env, 'PORT', 4321, 0, 65_535),
    host: env['HOST'] || 'localhost',
    dataDir: env['DATA_DIR'] || 'data',
    databaseUrl,
    requestTimeoutMs: wholeNumberSetting(env, 'REQUEST_TIMEOUT_MS', 30_000),
    shutdownTimeoutMs: wholeNumberSetting(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    tls: tlsFromEnv(env),
    trustProxy: parseTrustProxy(env['TRUST_PROXY']),
  };
}
