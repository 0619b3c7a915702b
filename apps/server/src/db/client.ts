import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the code uses, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs `fn` while holding a cluster-wide advisory lock (serialises start-up work across instances). */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel`: `onPayload` gets each NOTIFY payload once, after the sending
   * transaction commits; `null` after a lost connection came back (notifications in between may
   * be lost, so the listener re-reads what it shows). Answers a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string | null) => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as a tarball (tests start from a migrated copy). */
  snapshot?: () => Promise<Blob>;
};

/**
 * Sees every statement the app sends through Drizzle, before it is sent (tests count a route's
 * statements with it: see platform/statementBudget.test.ts). Unset, it costs one check per statement.
 */
let statementHook: ((text: string) => void) | undefined;
export function onStatement(hook: ((text: string) => void) | undefined): void {
  statementHook = hook;
}
const logger = { logQuery: (text: string) => statementHook?.(text) };

/**
 * Databases only this process can write (PGlite, in process): what a process remembers of them is
 * made stale only by its own writes, which forget it at once, so it may be kept longer (Memo).
 */
const soleWriters = new WeakSet<object>();
export const isSoleWriter = (db: object) => soleWriters.has(db);

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  /** A PGlite data-dir dump to start from (tests start from a migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : openPglite(options);
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case', logger }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload),
    close: () => pool.end(),
  };
}

/**
 * One dedicated connection per listener (a pooled one would be handed back and lose the LISTEN).
 * A dropped connection is re-opened after a second, then `onPayload(null)` says some may be lost.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string | null) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (reconnected: boolean): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload ?? '');
    });
    const again = () => {
      if (stopped || client !== c) return;
      client = null;
      c.end().catch(() => {});
      retry = setTimeout(() => void connect(true).catch(again), 1000);
      retry.unref();
    };
    c.on('error', again);
    c.on('end', again);
    client = c;
    await c.connect();
    await c.query(`listen "${channel.replace(/"/g, '')}"`);
    if (reconnected) onPayload(null);
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = join(options.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = new PGlite({
    // Trigram indexes serve the records list's keyword search (migration 0003).
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case', logger }) as unknown as Db;
  soleWriters.add(db);
  // PGlite is one connection: an advisory lock would be re-entrant, so serialise in process.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    driver: 'pglite',
    withLock(_key, fn) {
      const run = queue.then(fn, fn);
      queue = run.catch(() => {});
      return run;
    },
    // PGlite delivers a NOTIFY to listeners of the same instance on commit.
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, (payload) => onPayload(payload));
      // Closing the app after the database (an outage test, a shutdown) must not throw here.
      return () => (client.closed ? Promise.resolve() : unsubscribe().catch(() => {}));
    },
    close: () => client.close(),
    snapshot: () => client.dumpDataDir('none'),
  };
}

/** A transaction handle; queries that may run inside one take `Executor`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
