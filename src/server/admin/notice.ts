import type { APIContext, AstroCookies } from 'astro';
import { isSecure } from '#src/server/identity/index.ts';

/**
 * What came of a back-office form (shipped, refused and why), shown once on the page it goes back
 * to: a cookie for the back office's pages alone, read once and forgotten.
 */
const COOKIE = 'adminNotice';
const PATH = '/admin';

export interface AdminNotice {
  ok: boolean;
  message: string;
}

export function setAdminNotice(
  context: Pick<APIContext, 'cookies' | 'url' | 'site' | 'locals'>,
  notice: AdminNotice,
) {
  context.cookies.set(COOKIE, JSON.stringify(notice), {
    path: PATH,
    maxAge: 60,
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecure(context),
  });
}

/** The notice waiting for this page, if any, forgotten with the answer. */
export function takeAdminNotice(cookies: AstroCookies): AdminNotice | undefined {
  const value = cookies.get(COOKIE)?.value;
  if (value === undefined) return undefined;
  cookies.delete(COOKIE, { path: PATH });
  try {
    const notice = JSON.parse(value) as Partial<AdminNotice>;
    return typeof notice.message === 'string'
      ? { ok: notice.ok === true, message: notice.message }
      : undefined;
  } catch {
    return undefined;
  }
}
