import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { ServerConfig } from './config.ts';

/** An HTTP server (HTTPS with `SERVER_CERT_PATH`), with the request timeouts configured. */
export function createShopServer(config: ServerConfig, listener: RequestListener): Server {
  const timeouts = {
    requestTimeout: config.requestTimeoutMs,
    headersTimeout: Math.min(60_000, config.requestTimeoutMs),
    // Timeouts are checked this often; a short request timeout (tests) needs a short interval.
    connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.requestTimeoutMs / 4)),
  };
  return config.tls
    ? createHttpsServer({ ...timeouts, ...config.tls }, listener)
    : createHttpServer(timeouts, listener);
}

/** Listens on `HOST`:`PORT`; a port that cannot be had stops the process. */
export function listen(server: Server, config: ServerConfig): void {
  server.on('error', (error) => {
    console.error(`[server] cannot listen on ${config.host}:${config.port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(config.port, config.host, () => {
    const scheme = config.tls ? 'https' : 'http';
    console.log(`[server] listening on ${scheme}://${config.host}:${config.port}`);
  });
}
