import type { APIRoute } from 'astro';
import { subscribeToNewsletter } from '#src/server/api/newsletter.ts';
import { onlyPost } from '#src/server/api/respond.ts';

export const prerender = false;

export const POST = subscribeToNewsletter satisfies APIRoute;
export const ALL = onlyPost satisfies APIRoute;
