import pg from 'pg';

/** One template per test run (by process id), so two runs on one server do not drop each other's. */
export const TEMPLATE_DB = `pineguard_test_template_${process.pid}`;
/** The same with the demo loaded (global-setup.ts). */
export const DEMO_TEMPLATE_DB = `pineguard_test_template_${process.pid}_demo`;

/** A client on the server's maintenance database, for creating and dropping test databases. */
export async function adminUrl(url: string): Promise<pg.Client> {
  const u = new URL(url);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  return client;
}
