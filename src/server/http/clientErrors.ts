import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestsInFlight } from './inFlight.ts';

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request headers are too large.'],
};

/** Malformed requests and slow clients get a short JSON answer instead of Node's bare one. */
export function answerClientErrors(server: Server, inFlight: RequestsInFlight): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const answered = inFlight.byConnection.get(socket)?.headersSent ?? false;
    if (error.code !== 'ECONNRESET' && socket.writable && !answered) {
      const [status, reason, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
        400,
        'Bad Request',
        'The request is malformed.',
      ];
      const body = JSON.stringify({ success: false, message });
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n` +
          `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  });
}
