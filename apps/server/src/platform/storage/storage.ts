import type { Readable } from 'node:stream';

export type ByteRange = { start: number; end: number };

/**
 * Where file bytes live. Metadata (project, owner, size, hash) is in the `files` table; a
 * storage only keeps bytes under a key, so local disk and S3 are interchangeable.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Stores the stream under `key`; rejects (and leaves nothing behind) if the stream fails. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** Reads the bytes, or an inclusive byte range of them. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with `prefix` (which must end in '/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** The file behind a key (local disk only): for readers that do positional reads themselves. */
  localPath?(key: string): string;
  /** Bytes stored under the key, or null when there is no such object. */
  size(key: string): Promise<number | null>;
  /** Removes temporary files a killed process left behind (local disk only); returns how many. */
  sweepTemporary?(olderThanMs?: number): Promise<number>;
}
