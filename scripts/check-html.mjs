// `npm run test:html`: every page the build wrote passes the Nu HTML Checker with no errors.
// The checker (vnu-jar) runs on the system's Java; `.ci/run` installs one where it is missing.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import vnuJar from 'vnu-jar';

/**
 * Valid CSS the checker's CSS grammar predates, in the first paint's rules each page inlines:
 * Tailwind's `@property` registrations (CSS Properties and Values) and custom properties named in
 * `transition-property`.
 */
const OUTDATED_CSS_MESSAGES = [
  'CSS: Unrecognized at-rule “@property”.*',
  'CSS: “transition-property”: “--[a-z0-9-]+” is not a “transition-property” value.*',
];

/**
 * The checker's errors, one line each, for `targets` (files or directories, or `-` to check
 * `input`); empty when the HTML is valid.
 * @param {string[]} targets
 * @param {string} [input]
 * @returns {string[]}
 */
export function htmlErrors(targets, input) {
  const result = spawnSync(
    'java',
    [
      '-jar',
      String(vnuJar),
      '--errors-only',
      '--skip-non-html',
      '--filterpattern',
      OUTDATED_CSS_MESSAGES.join('|'),
      '--format',
      'gnu',
      ...targets,
    ],
    { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) {
    throw new Error(
      `The Nu HTML Checker needs Java (apt-get install default-jre-headless): ${result.error.message}`,
    );
  }
  const errors = result.stderr
    .split('\n')
    .filter((line) => line.includes(' error: ') || line.includes(':error:'));
  if (result.status !== 0 && errors.length === 0)
    throw new Error(`The Nu HTML Checker failed:\n${result.stderr}`);
  return errors;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = join(import.meta.dirname, '../dist/client');
  const pages = readdirSync(root, { recursive: true }).filter((name) => String(name).endsWith('.html'));
  if (pages.length === 0) {
    console.error(`No pages in ${root}: run npm run build first.`);
    process.exit(1);
  }
  const errors = htmlErrors([root]);
  for (const error of errors) console.error(error);
  console.log(`Nu HTML Checker: ${pages.length} pages, ${errors.length} errors`);
  process.exitCode = errors.length === 0 ? 0 : 1;
}
