import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { lazy } from '../../platform/lazy.ts';

const loadArchiver = lazy(async () => (await import('archiver')).default);

export type ZipEntry = { name: string } & (
  { path: string } | { content: string } | { open: () => Promise<Readable> }
);

/**
 * Writes a ZIP of the entries to `target`, one entry at a time (a stream is opened only when the
 * archive is ready for it, so a thousand photos do not hold a thousand open files).
 */
export async function zipFiles(
  target: string,
  entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>,
): Promise<void> {
  const out = createWriteStream(target);
  const archiver = await loadArchiver();
  const archive = archiver('zip', { zlib: { level: 6 } });
  const failed = new Promise<never>((_, reject) => {
    archive.on('error', reject);
    out.on('error', reject);
  });
  failed.catch(() => undefined);
  archive.pipe(out);
  for await (const entry of entries) {
    const source =
      'path' in entry
        ? createReadStream(entry.path)
        : 'content' in entry
          ? Buffer.from(entry.content, 'utf8')
          : await entry.open();
    const added = once(archive, 'entry');
    archive.append(source, { name: entry.name });
    await Promise.race([added, failed]);
  }
  await Promise.race([archive.finalize(), failed]);
  await Promise.race([once(out, 'close'), failed]);
}
