// Worker threads for the tiles. The server ships as one bundled file (build.mjs), so a worker
// cannot load a .ts path beside it; it gets the kernel's functions as source text instead (their
// names as bundled, so the calls between them still match).
import { Worker } from 'node:worker_threads';
import * as fileKernel from './fileWindows.ts';
import type { BusyGate } from './busyGate.ts';
import type { FileWindowSource } from './fileWindows.ts';
import { detectTileWith, kernelFunctions, stages } from './tile.ts';
import type { DetectParams, Tile, TileResult, Window } from './types.ts';

/**
 * The workers' niceness (Linux sets it per thread): the server's own thread, which answers the
 * API and reads the windows, comes first when both want a core; the workers take what is left.
 * Without it the records list's p99 tripled while a 100 ha scene was detected (bench/droneResponsive.bench.ts);
 * 19 rather than 10: on PostgreSQL p99 ×1.8–2.3 of idle against ×1.7–2.9, detection no slower.
 */
export const WORKER_NICE = 19;

const fileFunctions = Object.values(fileKernel as Record<string, unknown>).filter(
  (v): v is (...args: never[]) => unknown => typeof v === 'function',
);

export function workerSource(): string {
  const fns = [...kernelFunctions, ...fileFunctions, detectTileWith].map((f) => f.toString()).join('\n');
  const table = Object.entries(stages)
    .map(([key, f]) => `${key}: ${f.name}`)
    .join(', ');
  return `'use strict';
// tsx keeps function names through this helper; here a name is not needed.
function __name(f) { return f; }
// This thread only (Linux); elsewhere, or refused, the worker runs at the server's priority.
try { require('node:os').setPriority(${WORKER_NICE}); } catch {}
// A collection after each window read here: a tile's arrays (≈ 40 MB) are otherwise collected
// only once ~64 MB of them are garbage, per worker. Peak RSS of a 100 ha job: +171 → +121 MB.
// The server runs without --expose-gc; this thread takes the function from a fresh context.
let collect = null;
try {
  require('node:v8').setFlagsFromString('--expose-gc');
  collect = require('node:vm').runInNewContext('gc');
} catch {}
${fns}
const stages = { ${table} };
const { parentPort } = require('node:worker_threads');
const io = { fs: require('node:fs'), require };
// The orthophoto this worker reads windows of itself (local disk), when the pool was given one.
let file = null;
parentPort.on('message', async (m) => {
  if (m.open) {
    if (file) ${fileKernel.closeFileSource.name}(io, file);
    file = ${fileKernel.openFileSource.name}(m.open);
    return;
  }
  if (m.close) {
    try { if (file) ${fileKernel.closeFileSource.name}(io, file); } catch {}
    file = null;
    parentPort.postMessage({ closed: true });
    return;
  }
  try {
    const tile = m.at ? await ${fileKernel.readFileWindow.name}(io, file, m.at) : m.tile;
    const result = m.histogram
      ? stages.indexHistogram(stages.cellFeatures(tile, m.params, stages.cellFactor(m.params)))
      : ${detectTileWith.name}(stages, tile, m.params);
    if (m.at) {
      parentPort.postMessage({ id: m.id, result });
      if (collect) collect();
      return;
    }
    // The window's buffer goes back to be filled with the next window (no new 18 MB a tile).
    const spare = m.tile.data.buffer;
    parentPort.postMessage({ id: m.id, result, spare }, [spare]);
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: String((e && e.stack) || e) });
  }
});`;
}

/** A window given as pixels (read on the server's thread) or as coordinates in the opened file. */
type Input = { tile: Tile } | { at: Window };

interface Job {
  id: number;
  input: Input;
  params: DetectParams;
  histogram?: boolean;
  resolve: (r: never) => void;
  reject: (e: Error) => void;
}

export interface TilePool {
  run(tile: Tile, params: DetectParams): Promise<TileResult>;
  /** The tile's index histogram (threshold.ts's sample), computed in a worker. */
  histogram(tile: Tile, params: Omit<DetectParams, 'threshold'>): Promise<Float64Array>;
  /** Every worker reads windows of this file itself from now on (runAt, histogramAt). */
  open(file: FileWindowSource): void;
  runAt(win: Window, params: DetectParams): Promise<TileResult>;
  histogramAt(win: Window, params: Omit<DetectParams, 'threshold'>): Promise<Float64Array>;
  /** A window buffer a worker handed back, for the next read to fill (the largest kept). */
  spare(): Uint8Array | undefined;
  close(): Promise<void>;
}

/** The buffers a tile can hand over without a copy (its own, not a view into a bigger one). */
function transferable(tile: Tile): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const a of [tile.data, tile.nir]) {
    // A view at the start of a larger (reused) buffer goes too: the worker sees the same view.
    if (a && a.byteOffset === 0 && a.buffer instanceof ArrayBuffer && !out.includes(a.buffer))
      out.push(a.buffer);
  }
  return out;
}

type Reply = { id?: number; result?: never; error?: string; spare?: ArrayBuffer; closed?: boolean };

/**
 * `gate`: while it says the server's thread is busy, a free worker waits for its next window
 * (up to the gate's maxWaitMs). Nice 19 gives the API the cores it asks for, but a worker still
 * runs in every gap between requests, and the caches it evicts and the slices it finishes showed
 * as a doubled p99 beside PostgreSQL (bench/droneResponsive.bench.ts).
 */
export function createPool(size: number, gate?: BusyGate): TilePool {
  const source = workerSource();
  const idle: Worker[] = [];
  const busy = new Map<Worker, Job>();
  const queue: Job[] = [];
  let nextId = 1;
  let failed: Error | null = null;
  const workers: Worker[] = [];
  const dead = new Set<Worker>();
  const closing = new Map<Worker, () => void>();
  const spares: ArrayBuffer[] = [];

  // Since when a free worker has been held back by the gate (0: none is).
  let holdingSince = 0;
  let retry: NodeJS.Timeout | undefined;

  function held(): boolean {
    if (!gate) return false;
    const now = performance.now();
    if (holdingSince && now - holdingSince >= gate.maxWaitMs) return false;
    if (!gate.busy()) return false;
    if (!holdingSince) {
      holdingSince = now;
      gate.held.windows++;
    }
    clearTimeout(retry);
    retry = setTimeout(dispatch, gate.pollMs);
    return true;
  }

  function dispatch(): void {
    while (idle.length && queue.length) {
      if (held()) return;
      if (holdingSince) {
        gate!.held.ms += performance.now() - holdingSince;
        holdingSince = 0;
      }
      const w = idle.pop()!;
      const job = queue.shift()!;
      busy.set(w, job);
      const { id, params, histogram, input } = job;
      if ('at' in input) w.postMessage({ id, at: input.at, params, histogram });
      else w.postMessage({ id, tile: input.tile, params, histogram }, transferable(input.tile));
    }
  }

  for (let i = 0; i < size; i++) {
    const w = new Worker(source, { eval: true });
    w.on('message', (m: Reply) => {
      if (m.closed) return closing.get(w)?.();
      if (m.spare && spares.length < size + 1) spares.push(m.spare);
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
      dead.add(w);
      closing.get(w)?.();
      busy.get(w)?.reject(e);
      busy.delete(w);
    });
    w.on('exit', () => {
      dead.add(w);
      closing.get(w)?.();
    });
    workers.push(w);
    idle.push(w);
  }

  const submit = <T>(input: Input, params: DetectParams, histogram: boolean) =>
    failed
      ? Promise.reject(failed)
      : new Promise<T>((resolve, reject) => {
          queue.push({
            id: nextId++,
            input,
            params,
            histogram,
            resolve: resolve as (r: never) => void,
            reject,
          });
          dispatch();
        });
  return {
    run: (tile, params) => submit<TileResult>({ tile }, params, false),
    histogram: (tile, params) => submit<Float64Array>({ tile }, params, true),
    open(file) {
      for (const w of workers) w.postMessage({ open: file });
    },
    runAt: (at, params) => submit<TileResult>({ at }, params, false),
    histogramAt: (at, params) => submit<Float64Array>({ at }, params, true),
    spare() {
      if (spares.length === 0) return undefined;
      spares.sort((a, b) => a.byteLength - b.byteLength);
      return new Uint8Array(spares.pop()!);
    },
    async close() {
      clearTimeout(retry);
      for (const job of queue.splice(0)) job.reject(new Error('detection pool closed'));
      // The workers close the part files they opened (descriptors belong to the process, not the thread).
      await Promise.all(
        workers
          .filter((w) => !dead.has(w))
          .map(
            (w) =>
              new Promise<void>((done) => {
                closing.set(w, done);
                w.postMessage({ close: true });
              }),
          ),
      );
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
