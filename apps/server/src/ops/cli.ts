// npm run move | backup | restore (root package.json): the operator's tools. See docs/operations.md.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createStorage } from '../platform/storage/index.ts';
import { localStorage } from '../platform/storage/local.ts';
import { s3Storage } from '../platform/storage/s3.ts';
import type { Storage } from '../platform/storage/storage.ts';
import { backup, restore } from './backup.ts';
import { move } from './move.ts';
import type { Place } from './sql.ts';

const options = {
  'data-dir': { type: 'string' },
  to: { type: 'string' },
  from: { type: 'string' },
  out: { type: 'string' },
  files: { type: 'string' },
  'files-dir': { type: 'string' },
  's3-endpoint': { type: 'string' },
  's3-bucket': { type: 'string' },
  's3-region': { type: 'string' },
  's3-access-key-id': { type: 'string' },
  's3-secret-access-key': { type: 'string' },
  's3-force-path-style': { type: 'boolean' },
  force: { type: 'boolean' },
  'allow-missing-files': { type: 'boolean' },
  batch: { type: 'string' },
} as const;

type Flags = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

const env = process.env;
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

function s3Of(f: Flags): Storage {
  const bucket = f['s3-bucket'] ?? env.S3_BUCKET;
  if (!bucket) throw new Error('--s3-bucket (or S3_BUCKET) is required with --files s3');
  return s3Storage({
    endpoint: f['s3-endpoint'] ?? env.S3_ENDPOINT,
    region: f['s3-region'] ?? env.S3_REGION ?? 'us-east-1',
    bucket,
    accessKeyId: f['s3-access-key-id'] ?? env.S3_ACCESS_KEY_ID,
    secretAccessKey: f['s3-secret-access-key'] ?? env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: f['s3-force-path-style'] ?? ['1', 'true'].includes(env.S3_FORCE_PATH_STYLE ?? ''),
  });
}

/** Where files go: S3, a folder, or (move only, `keep`) nowhere: they stay under DATA_DIR/files. */
function targetFiles(f: Flags, fallbackDir: string | null): Storage | null {
  const kind = f.files ?? (fallbackDir ? 'local' : 'keep');
  if (kind === 's3') return s3Of(f);
  if (kind === 'local') {
    const dir = f['files-dir'] ?? fallbackDir;
    if (!dir) throw new Error('--files-dir is required with --files local');
    return localStorage(resolve(dir));
  }
  if (kind === 'keep' && !fallbackDir) return null;
  throw new Error(`--files: expected s3, local${fallbackDir ? '' : ' or keep'}, got ${kind}`);
}

const batchOf = (f: Flags) => {
  const n = Number(f.batch ?? 1000);
  if (!Number.isInteger(n) || n < 1 || n > 50_000) throw new Error('--batch: a whole number from 1 to 50000');
  return n;
};

async function main(): Promise<void> {
  const { values: f, positionals } = parseArgs({ options, allowPositionals: true });
  const command = positionals[0];
  const dataDir = resolve(f['data-dir'] ?? env.DATA_DIR ?? 'data');
  if (command === 'move') {
    if (!f.to?.startsWith('postgres'))
      throw new Error('--to postgres://user:password@host:5432/db is required');
    const report = await move({
      dataDir,
      to: f.to,
      files: targetFiles(f, null),
      force: !!f.force,
      batch: batchOf(f),
      log,
    });
    const rows = report.tables.reduce((n, t) => n + t.rows, 0);
    log(`done: ${report.tables.length} tables, ${rows} rows, ${report.files.checked} files checked`);
    log(`next: stop using ${dataDir}/pglite; start the server with DATABASE_URL set to the target`);
    if (f.files === 's3') log('and STORAGE_DRIVER=s3 with the same S3_* settings');
  } else if (command === 'backup') {
    if (!f.out) throw new Error('--out <folder> is required');
    // The server's own settings say where its database and files are.
    const config = loadConfig({
      ...env,
      ...(f['data-dir'] ? { DATA_DIR: dataDir } : {}),
      LOG_LEVEL: 'silent',
    });
    const source: Place = config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir };
    await backup({
      source,
      files: createStorage(config.storage),
      out: f.out,
      allowMissing: !!f['allow-missing-files'],
      log,
    });
  } else if (command === 'restore') {
    if (!f.from) throw new Error('--from <backup folder> is required');
    const target: Place = f.to ? { url: f.to } : { dataDir };
    const files = targetFiles(f, join(dataDir, 'files')) as Storage;
    const report = await restore({ from: f.from, target, files, force: !!f.force, batch: batchOf(f), log });
    log(`done: ${report.tables.length} tables, ${report.files.checked} files checked`);
  } else {
    throw new Error('usage: cli.ts move|backup|restore [options] (docs/operations.md)');
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
