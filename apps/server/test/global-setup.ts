import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from '../src/features/system/bootstrap.ts';
import { adminUrl, TEMPLATE_DB } from './pg.ts';

/**
 * Migrates one template database before any test: a PGlite dump that every test file loads in
 * under a second, or a PostgreSQL template database that each file copies with CREATE DATABASE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = await adminUrl(url);
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
