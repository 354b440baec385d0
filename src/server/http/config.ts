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
  /** Serve HTTPS directly when both are set (usually a proxy in front terminates TLS instead). */
  tls: { certPath: string; keyPath: string } | undefined;
  /** Whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`TRUST_PROXY`; nobody's by default). */
  trustProxy: TrustProxy;
}

/** Throws with a message naming the setting when one is unusable. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const certPath = env['SERVER_CERT_PATH'];
  const keyPath = env['SERVER_KEY_PATH'];
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
    tls: certPath && keyPath ? { certPath, keyPath } : undefined,
    trustProxy: parseTrustProxy(env['TRUST_PROXY']),
  };
}
