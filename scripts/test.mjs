// `npm test`: every stage in order, stopping at the first that fails; says first which tests this
// machine skips and why, installs what the HTML check needs as the browser tests install Chromium,
// and ends with the time each stage took.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const STAGES = [
  ['types', 'check'],
  ['lint', 'lint'],
  ['format', 'format:check'],
  ['unit', 'test:unit'],
  ['build', 'build'],
  ['html', 'test:html'],
  ['browser', 'test:e2e'],
  ['workbench', 'test:workbench'],
];

const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

// The Nu HTML Checker runs on Java: installed here where this machine can, as Chromium is.
if (!has('java') && canApt) {
  console.log('Installing Debian default-jre-headless for the HTML check...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'default-jre-headless'], {
    stdio: 'inherit',
    env,
  });
}

const skipped = [
  ...(process.env['TEST_DATABASE_URL']
    ? []
    : [
        'the PostgreSQL runs of the store, API and proxy tests (TEST_DATABASE_URL is not set; .ci/run sets it)',
      ]),
  ...(existsSync('/usr/sbin/nginx')
    ? []
    : ['the nginx proxy tests (nginx is not installed; apt-get install nginx-light)']),
  ...(has('java')
    ? []
    : ['nothing: the HTML check fails without Java (apt-get install default-jre-headless)']),
];
console.log(
  skipped.length === 0
    ? 'Skipping nothing: PostgreSQL, nginx and Java are here.'
    : `Skipping ${skipped.join('; ')}.`,
);

const times = [];
let failed;
for (const [name, script] of STAGES) {
  const started = performance.now();
  const { status } = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  times.push([name, (performance.now() - started) / 1000]);
  if (status !== 0) {
    failed = name;
    break;
  }
}
const total = times.reduce((sum, [, seconds]) => sum + seconds, 0);
console.log(`\nnpm test: ${failed ? `failed at ${failed}` : 'passed'} in ${total.toFixed(0)} s`);
for (const [name, seconds] of times) console.log(`  ${name.padEnd(10)} ${seconds.toFixed(1).padStart(7)} s`);
process.exit(failed ? 1 : 0);
