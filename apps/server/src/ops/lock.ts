import { readdirSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Processes other than this one holding files of a PGlite data folder open. A running server
 * (or another tool) keeps its catalog files open for as long as the database is open, and PGlite
 * is one process's database: reading it beside a server could copy a half-written state, and its
 * postmaster.pid says nothing (PGlite writes -42, and a killed process leaves it behind). Linux
 * only (/proc); elsewhere it answers [] and the operator must stop the server first.
 */
export function holdersOf(dataDir: string): number[] {
  const folder = resolve(dataDir, 'pglite') + '/';
  const holders: number[] = [];
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return [];
  }
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(join('/proc', pid, 'fd'));
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(join('/proc', pid, 'fd', fd)).startsWith(folder)) {
          holders.push(Number(pid));
          break;
        }
      } catch {
        // The descriptor closed meanwhile.
      }
    }
  }
  return holders;
}

export function assertNotInUse(dataDir: string): void {
  const holders = holdersOf(dataDir);
  if (holders.length) {
    throw new Error(
      `数据目录正被进程 ${holders.join(', ')} 使用，请先停止服务器 / The data folder is open in process ${holders.join(', ')}: stop the server first`,
    );
  }
}
