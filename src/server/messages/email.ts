import nodemailer, { type Transporter } from 'nodemailer';
import { urlSetting } from '#src/server/envSettings.ts';

/** One email: plain text and simple HTML, `id` as its Message-ID's unique part. */
export interface EmailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where emails leave the shop. `send` throws when the message was not accepted. */
export interface EmailSender {
  readonly name: 'console' | 'smtp';
  send(message: EmailMessage): Promise<void>;
}

/** The shop's sending address: `MAIL_FROM`, else a no-reply one. */
const fromOf = (env: NodeJS.ProcessEnv) => env['MAIL_FROM'] || 'Saffron & Stone <orders@saffronandstone.com>';

/** An address as a log may show it: the first letter and the domain. */
const maskEmail = (address: string) => address.replace(/^(.)[^@]*/, '$1•••');

/**
 * Email through nodemailer: SMTP when `SMTP_URL` is set (`smtp://user:pass@host:587`, or
 * `smtps://` for TLS), else its JSON transport, whose message is summed up in the server's log.
 * Throws, naming it, when `SMTP_URL` is not such a URL (nodemailer would throw a TypeError).
 */
export function emailSenderFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  print: (line: string) => void = console.log,
): EmailSender {
  const url = urlSetting(env, 'SMTP_URL', ['smtp:', 'smtps:'], 'smtp://user:pass@host:587');
  const from = fromOf(env);
  const transport: Transporter = url
    ? nodemailer.createTransport(
        `${url}${url.includes('?') ? '&' : '?'}connectionTimeout=10000&socketTimeout=20000`,
      )
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    name: url ? 'smtp' : 'console',
    async send({ id, to, subject, text, html }) {
      await transport.sendMail({
        from,
        to,
        subject,
        text,
        html,
        messageId: `<${id}@saffronandstone.com>`,
      });
      if (!url) print(`[email] to ${maskEmail(to)}: ${subject}`);
    },
  };
}
