import type { AstroGlobal } from 'astro';
import { signInPath } from '#src/lib/returnPath.ts';
import { admit } from './merchants.ts';
import { takeAdminNotice, type AdminNotice } from './notice.ts';

/** What a back-office page is drawn with: the merchant's notice, or a 403 for a shopper. */
export type AdminPage = { redirect: Response } | { forbidden: boolean; notice?: AdminNotice | undefined };

/**
 * Opens a back-office page on the server: a visitor is sent to sign in and back; a shopper gets
 * the page's 403; a merchant, what their last action came to. Never kept by a shared cache.
 */
export async function openAdminPage(Astro: AstroGlobal): Promise<AdminPage> {
  Astro.response.headers.set('Cache-Control', 'private, no-store');
  const admission = await admit(Astro.locals);
  if (admission.kind === 'signed-out') {
    return { redirect: Astro.redirect(signInPath(Astro.url.pathname + Astro.url.search)) };
  }
  if (admission.kind === 'shopper') {
    Astro.response.status = 403;
    return { forbidden: true };
  }
  return { forbidden: false, notice: takeAdminNotice(Astro.cookies) };
}
