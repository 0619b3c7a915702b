import { defineConfig } from 'vitest/config';

/** End-to-end journeys: the built server on a temporary data directory, driven in Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
