import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * One plain connection to either database, for the operations tools: they read the catalog and
 * move rows as JSON text, so they need no Drizzle schema and work on a database of any release.
 */
export type Sql = {
  driver: 'pglite' | 'postgres';
  /** Where it is, for messages (a URL without its password, or a data folder). */
  label: string;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Applies the migrations of `folder` (drizzle's journal) that the database has not yet had. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
};

export type Place = { url: string } | { dataDir: string };

export const describePlace = (place: Place) =>
  'url' in place ? redact(place.url) : `PGlite in ${join(place.dataDir, 'pglite')}`;

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

export async function openSql(place: Place): Promise<Sql> {
  return 'url' in place ? openPg(place.url) : openPglite(place.dataDir);
}

async function openPg(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Times as JSON text must read the same on both sides.
  await client.query(`set timezone = 'UTC'`);
  return {
    driver: 'postgres',
    label: redact(url),
    query: async (text, params) => (await client.query(text, params as unknown[])).rows,
    migrate: (folder) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
    close: () => client.end(),
  };
}

async function openPglite(dataDir: string): Promise<Sql> {
  // The same data folder and extensions as the server (db/client.ts): the tools open its database.
  const client = new PGlite({ extensions: { pg_trgm }, dataDir: join(dataDir, 'pglite') });
  await client.waitReady;
  await client.exec(`set timezone = 'UTC'`);
  return {
    driver: 'pglite',
    label: `PGlite in ${join(dataDir, 'pglite')}`,
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    migrate: (folder) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
