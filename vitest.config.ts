/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

const UNIT_TESTS = 'tests/unit/**/*.test.ts';
// Files run in worker threads, which start and import faster than processes (all files: 60 s in
// processes, 50 s in threads). A test that sets the time zone (process.env.TZ) needs a process:
// a thread's change does not reach the clock.
const TIME_ZONE_TESTS = ['tests/unit/stores/orders.test.ts'];

// Astro's Vite config, so unit tests can render `.astro` components with the container API.
export default getViteConfig({
  test: {
    environment: 'node',
    // Every core: Vitest leaves one to its main process by default, which on a two-core machine
    // runs the files one by one (92 s, against 64 s on both; each file has its own databases).
    maxWorkers: '100%',
    // Endpoints made at import read their limit then: unit tests send everything from one
    // client. The limits themselves are tested with limiters of their own and on real servers.
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
    projects: [
      {
        extends: true,
        test: { name: 'threads', include: [UNIT_TESTS], exclude: TIME_ZONE_TESTS, pool: 'threads' },
      },
      { extends: true, test: { name: 'forks', include: TIME_ZONE_TESTS, pool: 'forks' } },
    ],
  },
});
