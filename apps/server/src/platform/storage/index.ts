import type { Config } from '../../config.ts';
import { localStorage } from './local.ts';
import { s3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export type { ByteRange, Storage } from './storage.ts';

export function createStorage(config: Config['storage']): Storage {
  return config.driver === 's3' ? s3Storage(config) : localStorage(config.root);
}
