import { createHash } from 'node:crypto';
import { chinaDayStart } from '@pineguard/contract';

/**
 * A small reproducible generator (mulberry32): the demo is the same on every machine and every
 * run, so docs/demo.md can name its planted anomalies and a retried load writes the same rows.
 */
export type Rand = {
  /** [0, 1) */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
};

export function random(seed: number): Rand {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
  };
}

/** A seed from text (FNV-1a), so each section or project draws from its own stream. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * A name-based UUID (version 5, RFC 9562) of a demo key: a record, photo or safety entry keeps
 * its id across runs, so a retried load stores each once (the records' client uuid).
 */
export function demoUuid(key: string): string {
  const hash = createHash('sha1').update(`pineguard-demo:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The instant of a China wall-clock time: `day` (yyyy-MM-dd) plus `minutes` after midnight. */
export function chinaInstant(day: string, minutes: number): Date {
  // Whole milliseconds (chinaDayStart would truncate): the demo's instants stay as they were.
  return new Date(chinaDayStart(day).getTime() + Math.round(minutes * 60_000));
}
