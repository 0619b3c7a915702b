import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Storage } from './storage/index.ts';

/** What every service is handed: the app's config, database and file storage. */
export type AppDeps = { config: Config; database: Database; storage: Storage };
