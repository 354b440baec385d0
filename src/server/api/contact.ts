import { contactMessage } from '#src/lib/shapes/contact.schema.ts';
import { jsonEndpoint } from './endpoint.ts';
import { reply } from './respond.ts';

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
