/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Astro's Vite config, so unit tests can render `.astro` components with the container API.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Every core: Vitest leaves one to its main process by default, which on a two-core machine
    // runs the files one by one (92 s, against 64 s on both; each file has its own databases).
    maxWorkers: '100%',
    // Endpoints made at import read their limit then: unit tests send everything from one
    // client. The limits themselves are tested with limiters of their own and on real servers.
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  },
});
