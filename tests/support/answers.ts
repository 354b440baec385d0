import { expect } from '@playwright/test';
import type { Answer } from './http.ts';

/** A fetch Response as an `Answer`: each `Set-Cookie` kept, as `node:http` keeps them. */
export async function answer(response: Response): Promise<Answer> {
  const cookies = response.headers.getSetCookie();
  return {
    status: response.status,
    headers: {
      ...Object.fromEntries(response.headers),
      'set-cookie': cookies.length > 0 ? cookies : undefined,
    },
    text: await response.text(),
  };
}

/**
 * The shape of every API answer: JSON with charset, exactly `{ success, message }`,
 * success true only for a 2xx, the message as expected, and nothing that looks like a stack trace.
 */
export function expectApiAnswer(reply: Answer, status: number, message: string | RegExp): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(reply.text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['message', 'success']);
  expect(body['success']).toBe(status < 300);
  expect(body['message']).toMatch(message);
  expect(reply.text).not.toMatch(/\bat \S+ \(|\.ts:\d+|node_modules|Error:/);
}
