// What the merchant's commands (`npm run orders`, `stock`, `outbox`, `reviews`, `inbox`) share.
import { shopSite } from '#src/server/messages/orderMessages.ts';
import { storeFromEnv, type Store } from '#src/server/store/index.ts';
import { terminalSafe as safe } from './terminalText.ts';

/**
 * How many of `things` a command lists (`npm run orders -- 200`): a whole number from 1, 20 when
 * not given, or what is wrong with it.
 */
export function countToList(text: string | undefined, things: string, command: string): number | string {
  if (text === undefined) return 20;
  if (/^\d{1,15}$/.test(text) && Number(text) > 0) return Number(text);
  return `"${safe(text)}" is not a number of ${things}: give a whole number from 1 (npm run ${command} -- 200).`;
}

/** `--help` (or `-h`) as the first word: the command's usage on standard output, and nothing done. */
export function answerHelp(usage: string): void {
  const [first] = process.argv.slice(2);
  if (first === '--help' || first === '-h') {
    console.log(usage);
    process.exit(0);
  }
}

/**
 * The database `DATABASE_URL` or `DATA_DIR` names, as the server's. A `DATABASE_URL` that cannot
 * work ends the command with its one line and exit code 2, as wrong arguments do: it was run wrong.
 */
export function merchantStore(): Store {
  try {
    return storeFromEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}

/** Prints to stderr and sets a failing exit code (2: the command was wrong). */
export function fail(message: string, code = 1): void {
  console.error(message);
  process.exitCode = code;
}

/**
 * Texts a command queues link to `SITE_URL` as the command has it: said when it is unset, since
 * the server's usually is (a shop in production would otherwise text links to this machine).
 */
export function noteLinksWithoutSite(): void {
  if (!process.env['SITE_URL']) {
    console.error(
      `Note: SITE_URL is not set here, so the texts link to ${shopSite()}. ` +
        "Run the merchant's commands with the server's SITE_URL.",
    );
  }
}
