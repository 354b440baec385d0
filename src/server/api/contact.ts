import { z } from 'astro/zod';
import { jsonEndpoint } from './endpoint.ts';
import { email, text } from './fields.ts';
import { reply } from './respond.ts';

const contactMessage = z.object(
  { name: text('Name', 100), email: email(), message: text('Message', 5000, { multiline: true }) },
  { error: 'Send a JSON object with name, email and message.' },
);

/** `POST /api/v1/contact/create`: `{ name, email, message }` stored, 201. */
export const createContactMessage = jsonEndpoint({
  name: 'contact-messages',
  schema: contactMessage,
  unavailable: 'We could not save your message right now. Please try again later.',
  async save(input, { locals: { store } }) {
    await store.saveContactMessage(input);
    return reply(201, true, 'Thank you! Your message has been sent.');
  },
});
