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

function number(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback;
}

/** Throws with a message naming the setting when one is unusable (`TRUST_PROXY`). */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const certPath = env['SERVER_CERT_PATH'];
  const keyPath = env['SERVER_KEY_PATH'];
  return {
    port: number(env['PORT'], 4321),
    host: env['HOST'] || 'localhost',
    dataDir: env['DATA_DIR'] || 'data',
    databaseUrl: env['DATABASE_URL'] || undefined,
    requestTimeoutMs: number(env['REQUEST_TIMEOUT_MS'], 30_000),
    shutdownTimeoutMs: number(env['SHUTDOWN_TIMEOUT_MS'], 10_000),
    tls: certPath && keyPath ? { certPath, keyPath } : undefined,
    trustProxy: parseTrustProxy(env['TRUST_PROXY']),
  };
}
