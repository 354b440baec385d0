// Makes sure a Chromium exists for the browser tests: installs Debian's `chromium` and its headless
// shell when this machine can (root with apt-get), otherwise stops with a one-line instruction.
// Without the shell the tests still run, in the full browser, in about twice the time.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SYSTEM_HEADLESS_SHELL, findChromium } from './browser.mjs';

const found = findChromium();
const missing = [
  ...(found ? [] : ['chromium']),
  ...(found?.bundled || existsSync(SYSTEM_HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
];
const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

if (missing.length > 0 && canApt) {
  console.log(`Installing Debian ${missing.join(' and ')} for the browser tests...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (/** @type {string[]} */ args) => execFileSync('apt-get', args, { stdio: 'inherit', env });
  apt(['update']);
  for (const name of missing) {
    try {
      apt(['install', '-y', '--no-install-recommends', name]);
    } catch {
      // A release without the shell still has the browser: the tests run there.
      console.error(`Debian package \`${name}\` could not be installed.`);
    }
  }
}
const installed = findChromium();
if (!installed) {
  console.error(
    'No Chromium found: install it with `sudo apt-get install chromium chromium-headless-shell` and run the tests again.',
  );
  process.exit(1);
}
if (!installed.bundled && !existsSync(SYSTEM_HEADLESS_SHELL)) {
  console.log(
    'The browser tests run in the full Chromium: `sudo apt-get install chromium-headless-shell` runs them in about half the time.',
  );
}
