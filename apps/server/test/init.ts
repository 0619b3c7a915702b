import { clientPasswordHash } from '@pineguard/contract';

/**
 * The first-run call of initAdmin. The demo is its base (accounts, projects, workers, census, burn
 * points; demoScale 0): a full demo would also queue the background load of its records, which a
 * test's runDueJobs would then run for minutes (demo.test.ts covers that load).
 */
export const initBody = (demo: boolean) => ({
  account: 'admin',
  password: clientPasswordHash('admin123'),
  name: '管理员',
  demo,
  ...(demo ? { demoScale: 0 } : {}),
});
