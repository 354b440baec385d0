// A message through the contact form: the limits the form and the shop both hold it to (no zod
// here, so the browser's bundles stay without it; the schema is in contact.schema.ts).

// The most a sender's name and a message may hold, in characters (an emoji counts once). Plain
// numbers, so the browser's bundle holds them as the numbers.
export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 5000;
