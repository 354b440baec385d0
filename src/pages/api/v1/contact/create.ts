import type { APIRoute } from 'astro';
import { createContactMessage } from '#src/server/api/contact.ts';
import { onlyPost } from '#src/server/api/respond.ts';

export const prerender = false;

export const POST = createContactMessage satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;
