import { z } from 'astro/zod';
import { jsonEndpoint } from './endpoint.ts';
import { email } from '#src/lib/shapes/fields.ts';
import { reply } from './respond.ts';

const subscription = z.object({ email: email() }, { error: 'Send a JSON object with an email.' });

/**
 * `POST /api/v1/newsletter`: `{ email }` stored once. Subscribing again answers the same 200, so
 * the answer never tells whether an address was already on the list.
 */
export const subscribeToNewsletter = jsonEndpoint({
  name: 'newsletter',
  schema: subscription,
  unavailable: 'We could not save your subscription right now. Please try again later.',
  async save(input, { locals: { store } }) {
    await store.subscribe(input.email);
    return reply(200, true, 'Thank you for subscribing to our newsletter.');
  },
});
