import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One text as the stand-in provider accepted it. */
interface Text {
  to: string;
  body: string;
  /** Twilio's idempotency token: the outbox's message id. */
  key: string;
}

/** A stand-in for an SMS provider in Twilio's shape, on loopback, that keeps what it was sent. */
export interface SmsProvider {
  /** Every text accepted, in order, repeats included. */
  texts: Text[];
  /** The texts as a provider that honours idempotency tokens delivers them: one per token. */
  delivered(): Text[];
  /** The settings that make a shop server send its texts here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startSmsProvider(): Promise<SmsProvider> {
  const texts: Text[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      texts.push({
        to: form.get('To') ?? '',
        body: form.get('Body') ?? '',
        key: String(request.headers['i-twilio-idempotency-token'] ?? ''),
      });
      response.writeHead(201, { 'Content-Type': 'application/json' }).end('{"sid":"SM1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    texts,
    delivered: () => [...new Map(texts.map((text) => [text.key, text])).values()],
    env: {
      SMS_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'token',
      SMS_FROM: '+15005550006',
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The sign-in code in the latest text to `phone` (E.164), as the shopper reads it. */
export function latestCode(provider: SmsProvider, phone: string): string {
  const text = provider.texts.findLast((sent) => sent.to === phone);
  return /^(\d{6}) /.exec(text?.body ?? '')?.[1] ?? '';
}
