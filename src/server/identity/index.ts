import type { APIContext } from 'astro';
import type { Account } from '#src/server/store/types.ts';
import {
  consoleSender,
  httpSmsSender,
  httpSmsSettingsFromEnv,
  type SmsSender,
} from '#src/server/messages/sms.ts';
import { reply } from '#src/server/api/respond.ts';
import { resumeSession, sessionCookie, tokensFromCookies } from './sessions.ts';
import { authSettingsFromEnv, type AuthSettings } from './settings.ts';

/** How this process signs shoppers in: its settings and the sender its codes leave through. */
export interface Identity {
  settings: AuthSettings;
  sender: SmsSender;
}

/**
 * The identity of a server process, from its environment: the HTTP provider when one is
 * configured and demo mode is off, else the console. Throws when a public shop could not send.
 */
export function identityFromEnv(env: NodeJS.ProcessEnv = process.env): Identity {
  const settings = authSettingsFromEnv(env);
  const provider = httpSmsSettingsFromEnv(env);
  return { settings, sender: provider && !settings.demo ? httpSmsSender(provider) : consoleSender() };
}

/** The signed-in shopper of a request, and the cookie's token (for logout). */
export interface SignedIn {
  account: Account;
  token: string;
}

/**
 * Cookies are Secure (and `__Host-`) when this request came over HTTPS, the server's own TLS or a
 * trusted proxy's (`TRUST_PROXY`): as served, whatever `SITE_URL` the build was made with (a
 * Secure cookie sent over plain HTTP would be dropped, and the shopper never signed in).
 */
export function isSecure({ url, locals }: Pick<APIContext, 'url' | 'locals'>): boolean {
  return url.protocol === 'https:' || locals.overHttps === true;
}

/**
 * The request's session, looked up only when an endpoint asks (`locals.session()`), once. A
 * session extended on the way gets a fresh cookie, which `renewedCookie` gives the middleware.
 */
export function lazySession(context: APIContext) {
  let lookup: Promise<SignedIn | undefined> | undefined;
  let renewed: string | undefined;
  const secure = isSecure(context);
  const find = async (): Promise<SignedIn | undefined> => {
    const { store, identity } = context.locals;
    const tokens = tokensFromCookies(context.request.headers.get('cookie'), secure);
    const found = await Promise.all(
      tokens.map(async (token) => ({
        token,
        session: await resumeSession(store, token, identity.settings.sessionMs),
      })),
    );
    const live = found.filter((each) => each.session !== undefined);
    // A planted cookie that names no live session never hides the real one; two live ones cannot
    // tell which is this browser's own, so neither is believed.
    const [only] = live;
    if (!only?.session || live.length > 1) return undefined;
    const { token, session } = only;
    if (session.extendedTo) renewed = sessionCookie(token, session.extendedTo, secure);
    return { account: session.account, token };
  };
  return {
    session: () => (lookup ??= find()),
    renewedCookie: () => renewed,
  };
}

/** The answer to a request that needs a session and has none. */
export const signInFirst = () =>
  reply(401, false, 'Please sign in first: this needs a signed-in session.', {
    'WWW-Authenticate': 'Cookie realm="shop"',
  });
