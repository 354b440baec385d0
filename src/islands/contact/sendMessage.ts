import type { PostedContactMessage } from '#src/lib/shapes/contact.schema.ts';

/** How a send ended: stored, refused by the server (with its message, if any), or never arrived. */
export type SendOutcome =
  { kind: 'sent' } | { kind: 'refused'; message: string | undefined } | { kind: 'offline' };

/** Posts the message to the contact API and reads its `{ success, message }`. */
export async function sendMessage(input: PostedContactMessage): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/v1/contact/create', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    return { kind: 'offline' };
  }
  const body: unknown = await response.json().catch(() => null);
  const { success, message } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  if (response.ok && success === true) return { kind: 'sent' };
  return { kind: 'refused', message: typeof message === 'string' && message ? message : undefined };
}
