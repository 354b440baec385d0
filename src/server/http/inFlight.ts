import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The requests being answered, by connection, and whether the process is stopping: shared by
 * the request pipeline, the answers to malformed requests and the shutdown.
 */
export class RequestsInFlight {
  readonly byConnection = new Map<Socket, ServerResponse>();
  stopping = false;
}
