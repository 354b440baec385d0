import type { APIRoute } from 'astro';

const DISALLOWED = [
  '/cart',
  '/checkout',
  '/payment',
  '/pay/',
  '/auth',
  '/profile',
  '/my-orders',
  '/wishlist',
  '/admin',
  '/api/',
];

export const GET = (({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site).href;
  const body = [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${sitemap}`,
    '',
  ];
  return new Response(body.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}) satisfies APIRoute;
