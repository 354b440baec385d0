/**
 * Demo mode: the spec's fixed sign-in code (`DEMO_CODE`) with its hint, and no text message sent.
 * On by default only for a shop on this machine with no SMS provider; a public shop gets it only
 * when `DEMO_MODE=on` chooses it. A demo shop says "Demo shop" on every page, and its code signs
 * in only requests made on the shop's own machine (see `src/server/identity/local.ts`). Without
 * demo mode a shop needs a provider: no one could receive a code otherwise.
 */
/** The spec's fixed sign-in code of a demo shop: its send-code answer carries it for the hint. */
export const DEMO_CODE = '123456';

export type DemoMode = { demo: boolean; chosen: boolean } | { error: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocalSite(siteUrl: string): boolean {
  return URL.canParse(siteUrl) && LOCAL_HOSTS.has(new URL(siteUrl).hostname);
}

export function demoModeFrom(env: Record<string, string | undefined>): DemoMode {
  const local = siteOnThisMachine(env);
  const provider = Boolean(env['SMS_ACCOUNT_SID']);
  const chosen = (env['DEMO_MODE'] ?? '').toLowerCase();
  if (chosen === 'on') return { demo: true, chosen: true };
  if (chosen !== '' && chosen !== 'off') return { error: 'DEMO_MODE must be "on", "off" or unset.' };
  if (provider) return { demo: false, chosen: false };
  if (local && chosen !== 'off') return { demo: true, chosen: false };
  return {
    error:
      `${local ? 'DEMO_MODE is off' : 'SITE_URL is public'} but no SMS provider is configured, so nobody ` +
      'could receive a sign-in code. Set SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM, or DEMO_MODE=on ' +
      `for a demo shop that signs in with ${DEMO_CODE}.`,
  };
}

/** A demo shop says so on every page (read when the pages are built). */
export function showsDemoBanner(env: Record<string, string | undefined>): boolean {
  const mode = demoModeFrom(env);
  return !('error' in mode) && mode.demo;
}

/** Whether `SITE_URL` names this machine (unset: it does). */
export const siteOnThisMachine = (env: Record<string, string | undefined>): boolean =>
  isLocalSite(env['SITE_URL'] || 'http://localhost:4321');
