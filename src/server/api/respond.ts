/** Every answer of the shop's API: `{ success, message }`, never cached, never a stack trace. */
export function reply(
  status: number,
  success: boolean,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ success, message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  });
}

/**
 * A refusal sent before the body was read: closing the connection spares the server from
 * reading (and throwing away) whatever the client still sends.
 */
export function refuse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return reply(status, false, message, { Connection: 'close', ...headers });
}

/** The `ALL` export of a POST-only endpoint. */
export const onlyPost = (): Response =>
  refuse(405, 'This address only accepts POST requests.', { Allow: 'POST' });

/** The refusal of a write to a read-only address. */
const ONLY_GET = 'This address only answers GET requests.';

/**
 * The `ALL` export of a read-only endpoint. Astro hands a HEAD to `ALL` before `GET`, so every
 * route that reads also exports its `GET` as `HEAD` (Astro then leaves out the body).
 */
export const onlyGet = (): Response => refuse(405, ONLY_GET, { Allow: 'GET, HEAD' });

/** The `ALL` export of an endpoint that answers `methods` (e.g. `'GET, HEAD, PATCH'`). */
export const onlyMethods = (methods: string) => (): Response =>
  refuse(405, `This address answers ${methods.replace(/, (?=[^,]*$)/, ' and ')} requests.`, {
    Allow: methods,
  });
