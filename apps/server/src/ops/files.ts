import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Storage } from '../platform/storage/storage.ts';

export type FileSum = { sha256: string; bytes: number };

/** SHA-256 and length of a stored object, read through (nothing buffered whole). */
export async function sumOf(storage: Storage, key: string): Promise<FileSum> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of await storage.get(key)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Copies one object, hashing the bytes as they pass: the sum is of what was sent. */
export async function copyObject(
  from: Storage,
  to: Storage,
  key: string,
  contentType: string,
): Promise<FileSum> {
  const hash = createHash('sha256');
  let bytes = 0;
  const source = await from.get(key);
  const counted = Readable.from(
    (async function* () {
      for await (const chunk of source) {
        hash.update(chunk as Buffer);
        bytes += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    })(),
  );
  await to.put(key, counted, contentType);
  return { sha256: hash.digest('hex'), bytes };
}

export type FileCopyReport = { copied: number; skipped: number; missing: string[] };

/**
 * Copies every key not yet done, recording each sum once it is stored (a killed run copies again
 * only the object it was writing; a put replaces, so nothing is doubled).
 */
export async function copyObjects(options: {
  from: Storage;
  to: Storage;
  keys: string[];
  done: Map<string, FileSum>;
  contentType: (key: string) => string;
  record: (key: string, sum: FileSum) => Promise<void>;
  log: (line: string) => void;
}): Promise<FileCopyReport> {
  const report: FileCopyReport = { copied: 0, skipped: 0, missing: [] };
  const total = options.keys.length;
  let n = 0;
  for (const key of options.keys) {
    n++;
    if (options.done.has(key)) {
      report.skipped++;
      continue;
    }
    if ((await options.from.size(key)) === null) {
      report.missing.push(key);
      continue;
    }
    const sum = await copyObject(options.from, options.to, key, options.contentType(key));
    await options.record(key, sum);
    report.copied++;
    if (n % 50 === 0 || n === total) options.log(`files ${n}/${total}`);
  }
  return report;
}

/** Keys whose stored bytes differ from the recorded sums (read back from the target). */
export async function checkObjects(storage: Storage, sums: Map<string, FileSum>): Promise<string[]> {
  const bad: string[] = [];
  for (const [key, want] of sums) {
    const size = await storage.size(key);
    if (size === null) {
      bad.push(`${key}: missing`);
      continue;
    }
    const got = await sumOf(storage, key);
    if (got.sha256 !== want.sha256 || got.bytes !== want.bytes) bad.push(`${key}: checksum differs`);
  }
  return bad;
}
