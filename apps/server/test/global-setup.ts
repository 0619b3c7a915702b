import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinaToday } from '@pineguard/contract';
import type pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureServerBuilt } from '../build.mjs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/features/system/bootstrap.ts';
import { createStorage } from '../src/platform/storage/index.ts';
import { initBody } from './init.ts';
import { adminUrl, DEMO_TEMPLATE_DB, TEMPLATE_DB } from './pg.ts';

/**
 * Migrates one template database before any test: a PGlite dump that every test file loads in
 * under a second, or a PostgreSQL template database that each file copies with CREATE DATABASE.
 * A second template holds the demo (what `initAdmin({ demo: true })` loads, 3–4 CPU-s a time, in
 * some fifty files a pass), with the demo's photos in a folder each file copies (test/app.ts).
 */
export default async function setup(project: TestProject) {
  // Tests that spawn the real server run the compiled one: built here once, before the workers.
  await ensureServerBuilt();
  const url = process.env.TEST_DATABASE_URL;
  const demoFiles = mkdtempSync(join(tmpdir(), 'pineguard-test-demo-'));
  const day = chinaToday();
  if (url) {
    const admin = await adminUrl(url);
    await dropStaleTestDatabases(admin);
    for (const name of [DEMO_TEMPLATE_DB, TEMPLATE_DB]) await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB), poolSize: 2 });
    await prepareDatabase(database);
    await database.close();
    await admin.query(`create database ${DEMO_TEMPLATE_DB} template ${TEMPLATE_DB}`);
    const demo = await openDatabase({ databaseUrl: withDatabase(url, DEMO_TEMPLATE_DB), poolSize: 2 });
    await loadDemo(demo, demoFiles);
    await demo.close();
    await admin.end();
    project.provide('templateDatabase', TEMPLATE_DB);
    project.provide('demoTemplate', { database: DEMO_TEMPLATE_DB, files: demoFiles, day });
    return async () => {
      const again = await adminUrl(url);
      for (const name of [DEMO_TEMPLATE_DB, TEMPLATE_DB])
        await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
      rmSync(demoFiles, { recursive: true, force: true });
    };
  }
  const dir = join(process.cwd(), '.tmp');
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({});
  await prepareDatabase(database);
  const file = join(dir, `pglite-template-${process.pid}.tar`);
  const blank = Buffer.from(await (await database.snapshot!()).arrayBuffer());
  writeFileSync(file, blank);
  await database.close();
  const demo = await openDatabase({ loadDataDir: new Blob([blank]) });
  await loadDemo(demo, demoFiles);
  const demoFile = join(dir, `pglite-demo-${process.pid}.tar`);
  writeFileSync(demoFile, Buffer.from(await (await demo.snapshot!()).arrayBuffer()));
  await demo.close();
  project.provide('pgliteTemplate', file);
  project.provide('demoTemplate', { database: demoFile, files: demoFiles, day });
  return () => {
    for (const f of [file, demoFile]) rmSync(f, { force: true });
    rmSync(demoFiles, { recursive: true, force: true });
  };
}

/** Initialises `database` as TestApp.initAdmin({ demo: true }) does, the demo's files in `dataDir`. */
async function loadDemo(database: Database, dataDir: string): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const app = await buildApp({ config, database, storage: createStorage(config.storage) });
  try {
    const res = await app.inject({
      method: 'POST',
      url: '/api/system/init',
      payload: initBody(true),
    });
    if (res.json().code !== 0) throw new Error(`demo template: ${res.body}`);
  } finally {
    await app.close();
  }
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
      const template = /^pineguard_test_template_(\d+)(_demo)?$/.exec(row.datname);
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
    /** The demo: a PGlite dump file or a PostgreSQL template database, its files, its China day. */
    demoTemplate?: { database: string; files: string; day: string };
  }
}
