import { urlSetting, wholeNumberSetting } from '#src/server/envSettings.ts';
import { maskPhone } from '#src/server/identity/phone.ts';
import { withoutTrackingTokens } from './orderMessages.ts';

/** One text message: `id` doubles as the provider's idempotency key, so a retry never sends twice. */
export interface SmsMessage {
  id: string;
  /** E.164. */
  to: string;
  body: string;
  /** The text as a log may show it, a secret in it blanked out (a sign-in code). */
  logBody?: string;
}

/** Where text messages leave the shop. `send` throws when the message was not accepted. */
export interface SmsSender {
  readonly name: 'console' | 'http';
  send(message: SmsMessage): Promise<void>;
}

/**
 * The local sender of demo mode: prints each message to the server's log instead of sending it,
 * the phone masked, a sign-in code and a tracking link's token blanked out.
 */
export function consoleSender(print: (line: string) => void = console.log): SmsSender {
  return {
    name: 'console',
    async send({ to, body, logBody }) {
      print(`[sms] to ${maskPhone(to)}: ${withoutTrackingTokens(logBody ?? body)}`);
    },
  };
}

export interface HttpSmsSettings {
  /** The provider's base URL (Twilio's by default; a stand-in in tests). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending number or messaging service. */
  from: string;
  timeoutMs: number;
}

/**
 * An SMS provider over HTTP in the shape of Twilio's Messages API: a form POST to
 * `/2010-04-01/Accounts/{sid}/Messages.json` with basic auth and an idempotency token. Any answer
 * but 2xx, a network failure or no answer within `timeoutMs` throws, with a reason fit for a log
 * (the provider's status and error code, never the number or the text).
 */
export function httpSmsSender(settings: HttpSmsSettings): SmsSender {
  const endpoint = new URL(
    `2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
    settings.apiUrl.endsWith('/') ? settings.apiUrl : `${settings.apiUrl}/`,
  );
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    name: 'http',
    async send({ id, to, body }) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/x-www-form-urlencoded',
            'I-Twilio-Idempotency-Token': id,
          },
          body: new URLSearchParams({ To: to, From: settings.from, Body: body }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new Error(
          timedOut
            ? `SMS provider did not answer within ${settings.timeoutMs} ms`
            : 'SMS provider could not be reached',
          { cause: error },
        );
      }
      const answer: unknown = await response.json().catch(() => undefined);
      if (!response.ok) {
        const code =
          answer && typeof answer === 'object' && 'code' in answer ? ` (error ${String(answer.code)})` : '';
        throw new Error(`SMS provider answered ${response.status}${code}`);
      }
    },
  };
}

/** The provider's API when `SMS_API_URL` is unset. */
const TWILIO = 'https://api.twilio.com';

/** The provider `SMS_ACCOUNT_SID` and friends describe, or undefined when none is configured. */
export function httpSmsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): HttpSmsSettings | undefined {
  // Read with or without a provider, so that a bad one stops the start before a provider is added.
  const timeoutMs = wholeNumberSetting(env, 'SMS_TIMEOUT_MS', 10_000, 1);
  const apiUrl = urlSetting(env, 'SMS_API_URL', ['http:', 'https:'], TWILIO) ?? TWILIO;
  const accountSid = env['SMS_ACCOUNT_SID'];
  if (!accountSid) return undefined;
  const authToken = env['SMS_AUTH_TOKEN'];
  const from = env['SMS_FROM'];
  if (!authToken || !from) {
    // Half a provider would send every code with empty credentials or no sender, and fail.
    throw new Error('SMS_ACCOUNT_SID is set: SMS_AUTH_TOKEN and SMS_FROM must be set too.');
  }
  return {
    apiUrl,
    accountSid,
    authToken,
    from,
    timeoutMs,
  };
}
