import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { s3Storage } from '../src/platform/storage/s3.ts';
import type { Storage } from '../src/platform/storage/storage.ts';

/** A real S3-compatible server on loopback (s3rver), with a bucket, for the S3 storage tests. */
export async function startLocalS3(): Promise<{
  storage: Storage;
  env: Record<string, string>;
  stop(): Promise<void>;
}> {
  const directory = mkdtempSync(join(tmpdir(), 'pineguard-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'pineguard', configs: [] }],
  });
  const address = await server.run();
  const env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_BUCKET: 'pineguard',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const storage = s3Storage({
    endpoint: env.S3_ENDPOINT,
    region: 'us-east-1',
    bucket: 'pineguard',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    storage,
    env,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
