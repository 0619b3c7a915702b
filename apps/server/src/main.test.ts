import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clientPasswordHash } from '@pineguard/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { callServer as call, spawnServer } from '../test/spawn.ts';

// `npm start` runs the compiled server (dist/main.mjs): spawnServer runs that, on the embedded database.
describe.skipIf(process.env.TEST_DATABASE_URL)('the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pineguard-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };

  it('stops cleanly on SIGTERM and keeps its data for the next start', async () => {
    const first = await spawnServer(env);
    const init = await call(first.url, '/api/system/init', {
      account: 'admin',
      password: clientPasswordHash('admin123'),
      name: '管理员',
    });
    expect(init.envelope.code).toBe(0);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await spawnServer(env);
    try {
      const status = await call<{ initialised?: boolean }>(second.url, '/api/system/init');
      expect(status.envelope.value.initialised).toBe(true);
      const login = await call(second.url, '/api/user/login', {
        account: 'admin',
        password: clientPasswordHash('admin123'),
        client: 2,
      });
      expect(login.envelope.code).toBe(0);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 120_000);
});
