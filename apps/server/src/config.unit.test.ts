import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults: port 8080, embedded database under ./data, local files', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.storage).toEqual({ driver: 'local', root: `${config.dataDir}/files` });
    expect(config.sessionTtlMs).toBe(7 * 24 * 3600 * 1000);
    expect(config.singleSignIn).toBe(false);
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it('requires a bucket for S3 storage', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'b', forcePathStyle: true });
  });

  it('runs one server process unless told, several only on PostgreSQL', () => {
    expect(loadConfig({}).serverProcesses).toBe(1);
    expect(() => loadConfig({ SERVER_PROCESSES: '2' })).toThrow(/SERVER_PROCESSES: .*DATABASE_URL/);
    expect(() => loadConfig({ SERVER_PROCESSES: '0', DATABASE_URL: 'postgres://x/y' })).toThrow(
      /SERVER_PROCESSES/,
    );
    const pg = { DATABASE_URL: 'postgres://x/y' };
    expect(loadConfig({ ...pg, SERVER_PROCESSES: '2' }).serverProcesses).toBe(2);
    expect(loadConfig({ ...pg, SERVER_PROCESSES: 'auto' }).serverProcesses).toBe(availableParallelism());
  });

  it('keeps ten connections per process unless told, and refuses a pool of none', () => {
    expect(loadConfig({}).dbPoolSize).toBe(10);
    expect(loadConfig({ DB_POOL_SIZE: '4' }).dbPoolSize).toBe(4);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ DB_POOL_SIZE: 'many' })).toThrow(/DB_POOL_SIZE/);
  });
});
