import { BODY_LIMIT_BYTES } from './limits.ts';
import { refuse, reply } from './respond.ts';

export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

const tooLarge = (limit: number) =>
  refuse(413, `The request body is too large: the limit is ${Math.round(limit / 1024)} KB.`);
const isJson = (contentType: string | null) =>
  /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType?.trim() ?? '');

/**
 * Reads a JSON request body without ever holding more than the limit: a declared length over it
 * is refused before reading, and a body sent without a length is counted as it arrives.
 */
export async function readJsonBody(request: Request, limit = BODY_LIMIT_BYTES): Promise<JsonBody> {
  if (!isJson(request.headers.get('content-type'))) {
    return { ok: false, response: refuse(415, 'Send the request as JSON (Content-Type: application/json).') };
  }
  const read = await readTextBody(request, limit);
  if (!read.ok) return read;
  if (read.text.length === 0) {
    return { ok: false, response: reply(400, false, 'The request body is empty: send a JSON object.') };
  }
  try {
    return { ok: true, value: JSON.parse(read.text) };
  } catch {
    return { ok: false, response: reply(400, false, 'The request body is not valid JSON.') };
  }
}

/**
 * The body as the client sent it, as UTF-8 text (a signed notice is checked on exactly these
 * characters), read within `limit` as `readJsonBody` reads.
 */
export async function readTextBody(
  request: Request,
  limit: number,
): Promise<{ ok: true; text: string } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) return { ok: false, response: tooLarge(limit) };

  const bytes = await readAtMost(request, limit);
  if (bytes === 'too-large') return { ok: false, response: tooLarge(limit) };
  if (bytes === 'aborted')
    return { ok: false, response: refuse(400, 'The request body did not arrive whole.') };
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, response: reply(400, false, 'The request body is not valid UTF-8 text.') };
  }
}

async function readAtMost(request: Request, limit: number): Promise<Uint8Array | 'too-large' | 'aborted'> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > limit) {
        await reader.cancel().catch(() => undefined);
        return 'too-large';
      }
      chunks.push(value);
    }
  } catch (error) {
    // The adapter's own limit fails the stream the same way a client that hangs up does.
    return error instanceof Error && /size limit/i.test(error.message) ? 'too-large' : 'aborted';
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
