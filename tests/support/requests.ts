import { send, type Answer } from './http.ts';
import { PEPPER_LINE, SAFFRON_LINE } from './shopData.ts';

/** Two 1 g tins of saffron at $14.00 and a 100 g bag of pepper at $8.50, as the catalogue sells them. */
export const ORDER = {
  items: [SAFFRON_LINE, PEPPER_LINE],
  address: {
    name: 'Asha Rao',
    street: '12 Lake Road',
    city: 'Pune',
    zip: '411001',
    phone: '+1 415 555 0177',
  },
  total: 36.5,
};

/**
 * Who sends a request: `from` is the local address the connection comes from (any of 127.0.0.0/8
 * reaches a server on 127.0.0.1, so tests can be several clients), `headers` are added.
 */
export interface Sender {
  from?: string;
  headers?: Record<string, string>;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** `POST /api/v1/contact/create` with `message`. */
export const postContact = (
  base: string,
  message: string,
  { from, headers = {} }: Sender = {},
): Promise<Answer> =>
  send(`${base}/api/v1/contact/create`, {
    localAddress: from,
    headers: { ...JSON_TYPE, ...headers },
    body: [JSON.stringify({ name: 'Load Test', email: 'load@example.com', message })],
  });

/** `POST /api/v1/orders` of `body` (the sample order by default) under an idempotency key. */
export const postOrder = (
  base: string,
  key: string,
  { from, headers = {}, body = ORDER }: Sender & { body?: unknown } = {},
): Promise<Answer> =>
  send(`${base}/api/v1/orders`, {
    localAddress: from,
    headers: { ...JSON_TYPE, 'Idempotency-Key': key, ...headers },
    body: [JSON.stringify(body)],
  });
