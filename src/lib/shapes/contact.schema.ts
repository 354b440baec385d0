// A message through the contact form (`POST /api/v1/contact/create`). Zod: the server's only; the
// browser imports this module's types (`import type`) and the limits in contact.ts.
import { z } from 'astro/zod';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from './contact.ts';
import { email, text } from './fields.ts';

export const contactMessage = z.object(
  {
    name: text('Name', CONTACT_NAME_MAX),
    email: email(),
    message: text('Message', CONTACT_MESSAGE_MAX, { multiline: true }),
  },
  { error: 'Send a JSON object with name, email and message.' },
);

/** What the contact form posts. */
export type PostedContactMessage = z.input<typeof contactMessage>;
