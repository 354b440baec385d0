/** Control and bidirectional-override characters someone could type to disguise what a terminal shows. */
const UNSAFE = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Text from the database as a terminal may print it: every control or bidi-override character
 * shown as its `\uXXXX` escape. With `lines`, line breaks stay (a message's own paragraphs).
 */
export function terminalSafe(value: string, { lines = false } = {}): string {
  return value.replace(UNSAFE, (char) =>
    lines && char === '\n' ? char : `\\u${char.codePointAt(0)?.toString(16).padStart(4, '0') ?? ''}`,
  );
}

// Every merchant's command prints through here. Output piped to a reader that stops early
// (`npm run orders | head`) is not an error: end quietly, as Unix tools do, not with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});
