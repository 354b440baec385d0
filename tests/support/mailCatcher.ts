import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One email as the stand-in SMTP server received it, its text decoded. */
interface CaughtEmail {
  to: string[];
  subject: string;
  /** The message as sent, quoted-printable soft breaks and escapes undone. */
  text: string;
}

/** An SMTP server on loopback that keeps every email a shop sends it: the tests' mailbox. */
export interface MailCatcher {
  emails: CaughtEmail[];
  /** The settings that make a shop server send its emails here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Undoes quoted-printable: soft line breaks and `=XX` escapes (a long line's links come through whole). */
const unquoted = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startMailCatcher(): Promise<MailCatcher> {
  const emails: CaughtEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        emails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: /^Subject: (.*)$/m.exec(data)?.[1]?.trim() ?? '',
          text: unquoted(data),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    emails,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
