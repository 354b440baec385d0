import type { APIRoute } from 'astro';
import { onlyGet } from '#src/server/api/respond.ts';
import { paymentMethodsEndpoint } from '#src/server/payments/api.ts';

export const prerender = false;

export const GET = paymentMethodsEndpoint satisfies APIRoute;
export const HEAD = GET;
export const ALL = onlyGet satisfies APIRoute;
