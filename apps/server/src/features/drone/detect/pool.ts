// Worker threads for the tiles. The server ships as one bundled file (build.mjs), so a worker
// cannot load a .ts path beside it; it gets the kernel's functions as source text instead (their
// names as bundled, so the calls between them still match).
import { Worker } from 'node:worker_threads';
import { detectTileWith, kernelFunctions, stages } from './tile.ts';
import type { DetectParams, Tile, TileResult } from './types.ts';

export function workerSource(): string {
  const fns = [...kernelFunctions, detectTileWith].map((f) => f.toString()).join('\n');
  const table = Object.entries(stages)
    .map(([key, f]) => `${key}: ${f.name}`)
    .join(', ');
  return `'use strict';
// tsx keeps function names through this helper; here a name is not needed.
function __name(f) { return f; }
${fns}
const stages = { ${table} };
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  try {
    const result = ${detectTileWith.name}(stages, m.tile, m.params);
    parentPort.postMessage({ id: m.id, result });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String((e && e.stack) || e) });
  }
});`;
}

interface Job {
  id: number;
  tile: Tile;
  params: DetectParams;
  resolve: (r: TileResult) => void;
  reject: (e: Error) => void;
}

export interface TilePool {
  run(tile: Tile, params: DetectParams): Promise<TileResult>;
  close(): Promise<void>;
}

/** The buffers a tile can hand over without a copy (its own, not a view into a bigger one). */
function transferable(tile: Tile): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const a of [tile.data, tile.nir]) {
    if (a && a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.buffer instanceof ArrayBuffer)
      out.push(a.buffer);
  }
  return out;
}

export function createPool(size: number): TilePool {
  const source = workerSource();
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  const queue: Job[] = [];
  let nextId = 1;
  let failed: Error | null = null;
  const workers: Worker[] = [];

  function dispatch(): void {
    while (idle.length && queue.length) {
      const w = idle.pop()!;
      const job = queue.shift()!;
      busy.set(w, job);
      w.postMessage({ id: job.id, tile: job.tile, params: job.params }, transferable(job.tile));
    }
  }

  for (let i = 0; i < size; i++) {
    const w = new Worker(source, { eval: true });
    w.on('message', (m: { id: number; result?: TileResult; error?: string }) => {
      const job = busy.get(w);
      busy.delete(w);
      idle.push(w);
      if (job) {
        if (m.error) job.reject(new Error(m.error));
        else job.resolve(m.result!);
      }
      dispatch();
    });
    w.on('error', (e) => {
      failed = e;
      busy.get(w)?.reject(e);
      busy.delete(w);
    });
    workers.push(w);
    idle.push(w);
  }

  return {
    run(tile, params) {
      if (failed) return Promise.reject(failed);
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, tile, params, resolve, reject });
        dispatch();
      });
    },
    async close() {
      for (const job of queue.splice(0)) job.reject(new Error('detection pool closed'));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
