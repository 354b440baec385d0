import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** An answer as it came over the wire: its body's bytes too, compressed as sent. */
export interface SentAnswer extends Answer {
  bytes: Buffer;
}

/**
 * One request through `node:http`, where the body can be streamed in pieces with pauses, from
 * `localAddress` when given (a client of its own on loopback: 127.0.0.2, 127.0.0.3 …).
 */
export function send(
  url: string,
  {
    method = 'POST',
    headers = {},
    body = [],
    localAddress,
  }: {
    method?: string;
    headers?: Record<string, string>;
    body?: (string | Buffer | { pause: number })[];
    localAddress?: string | undefined;
  },
): Promise<SentAnswer> {
  return new Promise((resolve, reject) => {
    const options = { method, headers, ...(localAddress ? { localAddress } : {}) };
    const req = httpRequest(url, options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: bytes.toString(), bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    void (async () => {
      for (const piece of body) {
        if (req.destroyed) return;
        if (typeof piece === 'object' && 'pause' in piece) {
          await new Promise((done) => setTimeout(done, piece.pause));
        } else {
          req.write(piece);
        }
      }
      if (!req.destroyed) req.end();
    })();
  });
}

/**
 * Bytes written straight to a socket, for requests no HTTP client would send; resolves with all it gets back.
 * A `pause` piece waits that many milliseconds, an `until` piece until its promise settles.
 */
export function raw(
  port: number,
  pieces: (string | { pause: number } | { until: Promise<unknown> })[],
  { hangUp = false } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(received) : reject(error),
    );
    void (async () => {
      for (const piece of pieces) {
        if (typeof piece === 'string') socket.write(piece);
        else if ('until' in piece) await piece.until;
        else await new Promise((done) => setTimeout(done, piece.pause));
      }
      if (hangUp) socket.destroy();
    })();
  });
}
