import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinaToday, clientPasswordHash, type Envelope } from '@pineguard/contract';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { sessionCacheOf } from '../src/platform/sessionCache.ts';
import { createStorage, type Storage } from '../src/platform/storage/index.ts';
import { withDatabase } from './global-setup.ts';
import { initBody } from './init.ts';
import { adminUrl } from './pg.ts';

export type TestDatabase = Database & { url?: string; drop(): Promise<void> };

/**
 * The demo template of global setup, when it can stand in for loading the demo now: made on
 * today's China day (the demo's dates are relative to its day).
 */
function demoTemplate() {
  const made = inject('demoTemplate');
  return made && made.day === chinaToday() ? made : undefined;
}

/**
 * A fresh, migrated database for one test file: a copy of the template made in global setup, or
 * of the demo template with `demo` (when there is one for today; else the blank one).
 */
export async function testDatabase(options: { demo?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  const demo = options.demo ? demoTemplate() : undefined;
  if (url) {
    const name = `pineguard_test_${randomBytes(6).toString('hex')}`;
    const admin = await adminUrl(url);
    await admin.query(`create database ${name} template ${demo?.database ?? inject('templateDatabase')}`);
    await admin.end();
    const dbUrl = withDatabase(url, name);
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize: 5 });
    return {
      ...database,
      url: dbUrl,
      async drop() {
        await database.close();
        const again = await adminUrl(url);
        await again.query(`drop database if exists ${name} with (force)`);
        await again.end();
      },
    };
  }
  const file = demo?.database ?? inject('pgliteTemplate');
  if (!file) throw new Error('global setup did not provide a PGlite template');
  const database = await openDatabase({ loadDataDir: new Blob([readFileSync(file)]) });
  return { ...database, drop: () => database.close() };
}

export type Api = <T = unknown>(
  method: 'GET' | 'POST' | 'DELETE' | 'PUT',
  url: string,
  options?: { body?: unknown; token?: string; headers?: Record<string, string> },
) => Promise<Envelope<T>>;

export type TestApp = {
  app: FastifyInstance;
  deps: AppDeps;
  api: Api;
  dataDir: string;
  /** Initialises the system (admin / admin123; initBody) and returns the super administrator's token. */
  initAdmin(options?: { demo?: boolean }): Promise<string>;
  signIn(account: string, password: string, client?: number): Promise<string>;
  /**
   * Forgets the sessions this instance remembers. One is kept for SESSION_CACHE_TTL_MS from when
   * it was read, not from its last use: a test that counts a warm call's statements forgets first,
   * so its warming call reads the session afresh and the counted call cannot fall past its age.
   */
  forgetSessions(): void;
  close(): Promise<void>;
};

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    storage?: Storage;
    database?: TestDatabase;
    /**
     * Starts from the demo template (database and files) where it serves: initAdmin({ demo: true })
     * then only signs in. Not with a database or storage of the caller's (the demo's files would
     * not be in it): initAdmin loads the demo then, as it does without this.
     */
    demo?: boolean;
    /** Adds routes or hooks before the app is ready (e.g. a route that throws). */
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pineguard-test-'));
  const demo = options.demo && !options.database && !options.storage ? demoTemplate() : undefined;
  if (demo) cpSync(demo.files, dataDir, { recursive: true });
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...options.env });
  const database = options.database ?? (await testDatabase({ demo: !!demo }));
  const deps: AppDeps = {
    config,
    database,
    storage: options.storage ?? createStorage(config.storage),
  };
  const app = await buildApp(deps);
  options.extend?.(app);
  await app.ready();

  const loadedDemo = !!demo;
  const api: Api = async (method, url, opts = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...(opts.token ? { token: opts.token } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    return res.json();
  };

  const signIn = async (account: string, password: string, client = 2) => {
    const res = await api<{ token: string }>('POST', '/api/user/login', {
      body: { account, password: clientPasswordHash(password), client },
    });
    if (res.code !== 0) throw new Error(`sign-in of ${account} failed: ${res.code} ${res.message}`);
    return res.value.token;
  };

  return {
    app,
    deps,
    api,
    dataDir,
    signIn,
    forgetSessions: () => sessionCacheOf(database.db).apply({ kind: 'lost' }),
    async initAdmin({ demo = false } = {}) {
      if (demo && loadedDemo) return signIn('admin', 'admin123');
      const res = await api('POST', '/api/system/init', { body: initBody(demo) });
      if (res.code !== 0) throw new Error(`init failed: ${res.message}`);
      return signIn('admin', 'admin123');
    },
    async close() {
      const closing = app.close();
      // Fastify ends idle keep-alive connections only. On PostgreSQL one the server did not count
      // as idle (a refused event-stream request's) held notices.test's close for the keep-alive
      // timeout, 72 s; the tests are over, so every connection goes (main.ts bounds its own close).
      app.server.closeAllConnections();
      await closing;
      if (!options.database) await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
