import { defineConfig } from 'vitest/config';

function isReactAfterTeardown(error: { name?: string; message?: string; stack?: string }): boolean {
  return (
    error.name === 'ReferenceError' &&
    error.message === 'window is not defined' &&
    /node_modules\/(react-dom|scheduler)\//.test(error.stack ?? '')
  );
}

/**
 * Unit and API tests. Server tests run against PGlite, or against PostgreSQL when
 * TEST_DATABASE_URL is set (CI runs both). End-to-end tests have their own config in e2e/.
 */
export default defineConfig({
  test: {
    // Server test files each open a database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // A timer left by a third-party widget (antd motion, a toast) can wake React's scheduler after a
    // web test file has ended and jsdom's window is gone: React then throws "window is not defined"
    // from its own task loop, outside any test. setup.ts unmounts and drains what it can see; this
    // drops exactly that teardown artefact (it failed two CI runs) and nothing else.
    onUnhandledError: (error) => !isReactAfterTeardown(error),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Files share a worker's loaded modules: importing the app cost ~2–4 s a file, a third of
          // the server tests' CPU (decision 0218). A test must not count on fresh module state.
          isolate: false,
        },
      },
      {
        // Fault tests: the real server as a child process, killed with -9; PostgreSQL stopped and
        // started under traffic. On PostgreSQL when TEST_DATABASE_URL is set, else on PGlite.
        test: {
          name: 'faults',
          include: ['apps/server/src/**/*.fault.ts'],
          environment: 'node',
          // Builds the compiled server once, before the workers spawn it.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // The helpers and screens show Asia/Shanghai times; tests pin the zone.
          env: { TZ: 'Asia/Shanghai' },
          // antd forms driven by user-event are slow in jsdom on a busy 2-core machine.
          testTimeout: 20_000,
          // Files share a worker's loaded modules (antd, React, the screens): 197 s → 53 s here.
          // Global widget state is reset in setup.ts; a test must not count on fresh module state.
          isolate: false,
        },
      },
    ],
  },
});
