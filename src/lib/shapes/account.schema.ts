// The account as it crosses between the browser and the shop: the profile's changes as posted,
// and the account as `GET /api/v1/account` (and sign-in) answers it. Zod: the server's only; the
// browser imports this module's types (`import type`).
import { z } from 'astro/zod';
import { answeredAddress } from './address.schema.ts';
import { optionalText } from './fields.ts';

/**
 * `PATCH /api/v1/account`: the profile fields to change; absent ones stay as they are. The
 * picture is any text here: the shop checks its bytes (src/server/accounts/api.ts).
 */
export const profileChanges = z.object(
  {
    name: optionalText('Full Name', 100).optional(),
    email: z
      .string({ error: 'Email Address must be text.' })
      .trim()
      .max(254, 'Email Address must be at most 254 characters.')
      .refine(
        (value) => value === '' || z.email().safeParse(value).success,
        'Email Address must be a valid email address.',
      )
      .transform((value) => value.toLowerCase())
      .optional(),
    profilePicture: z.string().optional(),
    orderNews: z
      .object(
        {
          sms: z.boolean({ error: 'Order news by text must be true or false.' }).optional(),
          email: z.boolean({ error: 'Order news by email must be true or false.' }).optional(),
        },
        { error: 'Order news must be an object with sms and email.' },
      )
      .optional(),
  },
  { error: 'Send a JSON object with name, email, profilePicture or orderNews.' },
);

/** What the profile sends to change. */
export type ProfilePatch = z.input<typeof profileChanges>;

/** The account as the browser keeps it under `user`: a copy for painting, never a credential. */
const answeredUser = z.object({
  id: z.string(),
  /** E.164, as the shop keeps it. */
  phone: z.string(),
  /** The same phone as people write it, for showing ("(415) 555-0199"); empty in older copies. */
  phoneDisplay: z.string(),
  name: z.string(),
  email: z.string(),
  /** A data URL of at most 100 KB, or empty. */
  profilePicture: z.string(),
});

export type AnsweredUser = z.infer<typeof answeredUser>;

/** How the account hears of its orders: by text, by email. */
const orderNews = z.object({ sms: z.boolean(), email: z.boolean() });

export type OrderNews = z.infer<typeof orderNews>;

/** `GET /api/v1/account`, and a sign-in's answer: the user and its address book. */
export const accountAnswer = z.object({
  success: z.literal(true),
  user: answeredUser,
  orderNews,
  /** Whether `email` is confirmed: order emails go only then. */
  emailConfirmed: z.boolean(),
  addresses: z.array(answeredAddress),
});

export type AccountAnswer = z.infer<typeof accountAnswer>;
