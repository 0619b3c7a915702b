import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinaToday } from '@pineguard/contract';
import type { TestProject } from 'vitest/node';
import { startServer } from './harness.ts';
import { initWithDemo } from './journeys.ts';

/**
 * Global setup of the journeys: two data directories every file's server starts from a copy of
 * (journeys.ts useServer), made once per run instead of once per file.
 * - blank: a server that started once (its embedded database created and migrated: ~8 s quiet,
 *   24 s at load 7) and stopped, not initialised;
 * - demo: the same given the demo as initWithDemo does (~8 s and 3–4 CPU-s more).
 * A file that loads the demo itself (first run, other scales) still does, on a blank copy.
 */
export default async function setup(project: TestProject) {
  const server = await startServer();
  // SIGTERM closes the database cleanly; the folder is kept and copied as the blank template.
  await server.stop({ keep: true });
  const blank = mkdtempSync(join(tmpdir(), 'pineguard-e2e-blank-'));
  cpSync(server.dataDir, blank, { recursive: true });
  const demo = await startServer({}, { from: server.dataDir });
  rmSync(server.dataDir, { recursive: true, force: true });
  const day = chinaToday();
  await initWithDemo(demo);
  await demo.stop({ keep: true });
  project.provide('serverTemplates', { blank, demo: demo.dataDir, day });
  return () => {
    rmSync(blank, { recursive: true, force: true });
    rmSync(demo.dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplates?: { blank: string; demo: string; day: string };
  }
}
