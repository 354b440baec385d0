import type { APIRoute } from 'astro';
import * as paths from '#src/lib/icons.ts';

/** The footer's social icons, which it draws from here (Icon.astro's `from`). */
const SOCIAL_ICONS = ['instagram', 'facebook', 'x', 'pinterest', 'youtube'] as const;

/**
 * The footer's icons as one file of symbols: inline, their paths would be 0.35 KB of every page's
 * first response, for icons below every first screen. Icon.astro's `<svg>` gives them their
 * stroke.
 */
export const GET = (() => {
  const symbols = SOCIAL_ICONS.map(
    (name) => `<symbol id="${name}" viewBox="0 0 24 24"><path d="${paths[name]}"/></symbol>`,
  );
  return new Response(`<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`, {
    headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' },
  });
}) satisfies APIRoute;
