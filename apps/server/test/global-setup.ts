import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureServerBuilt } from '../build.mjs';
import { openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/features/system/bootstrap.ts';
import { adminUrl, TEMPLATE_DB } from './pg.ts';

/**
 * Migrates one template database before any test: a PGlite dump that every test file loads in
 * under a second, or a PostgreSQL template database that each file copies with CREATE DATABASE.
 */
export default async function setup(project: TestProject) {
  // Tests that spawn the real server run the compiled one: built here once, before the workers.
  await ensureServerBuilt();
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = await adminUrl(url);
    await dropStaleTestDatabases(admin);
    await admin.query(`drop database if exists ${TEMPLATE_DB}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = withDatabase(url, TEMPLATE_DB);
    const database = await openDatabase({ databaseUrl: templateUrl, poolSize: 2 });
    await prepareDatabase(database);
    await database.close();
    project.provide('templateDatabase', TEMPLATE_DB);
    return async () => {
      const again = await adminUrl(url);
      await again.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
      await again.end();
    };
  }
  const database = await openDatabase({});
  await prepareDatabase(database);
  const dump = await database.snapshot!();
  await database.close();
  const dir = join(process.cwd(), '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}

/**
 * Test databases left by runs that were killed before they could drop them: a file's database
 * (pineguard_test_<hex>) older than an hour with nobody connected, or a run's template whose
 * process is gone. Databases of runs still going are connected, young, or have a live process.
 * Needs the right to read file times (a superuser, as in CI); otherwise nothing is dropped.
 */
async function dropStaleTestDatabases(admin: pg.Client): Promise<void> {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  try {
    const { rows } = await admin.query<{ datname: string; created: Date; busy: boolean }>(
      `select datname, (pg_stat_file('base/' || oid || '/PG_VERSION')).modification as created,
              exists (select 1 from pg_stat_activity a where a.datname = d.datname) as busy
         from pg_database d where datname like 'pineguard\\_test\\_%'`,
    );
    for (const row of rows) {
      if (row.busy || row.datname === TEMPLATE_DB) continue;
      const template = /^pineguard_test_template_(\d+)$/.exec(row.datname);
      const stale = template ? !alive(Number(template[1])) : Date.now() - row.created.getTime() > 3_600_000;
      if (!stale) continue;
      // Without FORCE: a database someone connected to meanwhile is left alone.
      await admin.query(`drop database if exists "${row.datname}"`).catch(() => undefined);
    }
  } catch {
    // No right to read file times: leave them.
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate?: string;
    templateDatabase?: string;
  }
}
