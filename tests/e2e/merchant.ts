import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { workerDataDir } from './fixtures.ts';

/**
 * Runs one of the merchant's commands (`scripts/orders.ts`) on this test worker's database, as
 * `npm run orders -- …` would, and resolves with what it printed.
 */
export async function merchant(...args: string[]): Promise<string> {
  const [script = 'orders', ...rest] = args;
  const { stdout } = await promisify(execFile)(process.execPath, [`scripts/${script}.ts`, ...rest], {
    env: { ...process.env, DATA_DIR: workerDataDir(), DATABASE_URL: '' },
  });
  return stdout;
}
