// Makes sure a Chromium exists for the browser tests: installs Debian's `chromium` when this
// machine can (root with apt-get), otherwise stops with a one-line instruction.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './browser.mjs';

if (!findChromium()) {
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canApt) {
    console.error(
      'No Chromium found: install it with `sudo apt-get install chromium` and run the tests again.',
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  if (!findChromium()) {
    console.error('Chromium could not be installed: install Debian package `chromium` by hand.');
    process.exit(1);
  }
}
