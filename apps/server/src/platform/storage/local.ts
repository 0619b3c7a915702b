import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, Storage } from './storage.ts';

/** Files under a root folder. Writes go to a temporary name first, so a failed upload leaves nothing. */
export function localStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(join(base, key));
    if (!full.startsWith(base + sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  };
  return {
    driver: 'local',
    localPath: pathOf,
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.part-${process.pid}-${Date.now()}`;
      try {
        await pipeline(body, createWriteStream(temp));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key, range?: ByteRange): Promise<Readable> {
      const path = pathOf(key);
      await stat(path);
      return createReadStream(path, range ? { start: range.start, end: range.end } : {});
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      if (!prefix.endsWith('/')) throw new Error(`Storage prefix must end in '/': ${prefix}`);
      await rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },
    async sweepTemporary(olderThanMs = 60_000) {
      let removed = 0;
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || !/\.part-\d+-\d+$/.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const info = await stat(path).catch(() => null);
        // A live upload keeps writing its file; only stale ones are a killed process's leftovers.
        if (!info || Date.now() - info.mtimeMs < olderThanMs) continue;
        await rm(path, { force: true });
        removed++;
      }
      return removed;
    },
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
  };
}
