import type { APIRoute } from 'astro';
import { productListResponse } from '../../../server/productApi';

export const prerender = false;

export const GET = (({ request }) => productListResponse(request)) satisfies APIRoute;
