import { ErrorCode } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { onStatement, openDatabase } from '../db/client.ts';

/**
 * Sessions are remembered per instance; a change made anywhere (this instance, another one on the
 * same database, a person at psql) is refused by every instance within a second. On PostgreSQL the
 * second instance has its own connections; on the embedded database (one process) it shares the
 * database, and the write that bypasses the app still has to reach the cache through its trigger.
 */
describe('session cache', () => {
  let a: TestApp;
  let b: TestApp;
  /** Runs SQL as another program would: its own connection on PostgreSQL, no app code in between. */
  let outside: (text: string) => Promise<void>;
  let closeOutside: () => Promise<void> = async () => {};

  beforeAll(async () => {
    a = await createTestApp({ demo: true });
    await a.initAdmin({ demo: true });
    const url = (a.deps.database as { url?: string }).url;
    const database = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : a.deps.database;
    b = await createTestApp({
      database: { ...database, drop: async () => (url ? database.close() : undefined) },
    });
    if (url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      outside = async (text) => void (await client.query(text));
      closeOutside = () => client.end();
    } else {
      outside = async (text) => void (await a.deps.database.db.execute(sql.raw(text)));
    }
  });
  afterAll(async () => {
    await closeOutside();
    await b?.close();
    await a?.close();
  });

  /** demo_admin signed in on instance A with KH2026 selected. */
  async function khSession(): Promise<string> {
    const token = await a.signIn('demo_admin', 'pine2026');
    const chosen = await a.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
    expect(chosen.code).toBe(0);
    return token;
  }
  const selfOn = async (t: TestApp, token: string) => (await t.api('GET', '/api/user/self', { token })).code;
  const tablesOn = async (t: TestApp, token: string) =>
    (await t.api('GET', '/api/menu/list', { token })).code;
  const within1s = { timeout: 1_000, interval: 10 };

  /** How many times `call` read a session from the database. */
  async function sessionReadsOf(call: () => Promise<unknown>): Promise<number> {
    let reads = 0;
    onStatement((text) => void (text.includes('"token_hash"') && (reads += 1)));
    try {
      await call();
    } finally {
      onStatement(undefined);
    }
    return reads;
  }

  it('resolves a session once, then answers from memory', async () => {
    const token = await khSession();
    // The choice of project reaches instance B as a notification, which drops B's copy once.
    await expect.poll(() => sessionReadsOf(() => selfOn(b, token)), within1s).toBe(0);
    const reads = await sessionReadsOf(async () => {
      for (let i = 0; i < 5; i++) expect(await selfOn(b, token)).toBe(0);
    });
    expect(reads).toBe(0);
  });

  it('refuses a session signed out on another instance within a second', async () => {
    const token = await khSession();
    expect(await selfOn(b, token)).toBe(0);
    expect((await a.api('POST', '/api/user/loginOut', { token })).code).toBe(0);
    expect(await selfOn(a, token)).toBe(ErrorCode.tokenInvalid);
    await expect.poll(() => selfOn(b, token), within1s).toBe(ErrorCode.tokenInvalid);
  });

  it('refuses a user suspended by hand at the database, on every instance, within a second', async () => {
    const token = await khSession();
    expect(await selfOn(a, token)).toBe(0);
    expect(await selfOn(b, token)).toBe(0);
    await outside(`update users set status = 'disabled' where account = 'demo_admin'`);
    try {
      await expect.poll(() => selfOn(a, token), within1s).toBe(ErrorCode.tokenInvalid);
      await expect.poll(() => selfOn(b, token), within1s).toBe(ErrorCode.tokenInvalid);
    } finally {
      await outside(`update users set status = 'active' where account = 'demo_admin'`);
    }
  });

  it('drops the project of a session whose membership ends elsewhere, within a second', async () => {
    const token = await khSession();
    expect(await tablesOn(b, token)).toBe(0);
    await outside(`create temp table kept_roles as select * from user_project_roles
      where user_id = (select id from users where account = 'demo_admin') and project_code = 'KH2026'`);
    await outside(`delete from user_project_roles
      where user_id = (select id from users where account = 'demo_admin') and project_code = 'KH2026'`);
    try {
      await expect.poll(() => tablesOn(b, token), within1s).toBe(ErrorCode.projectRequired);
      await expect.poll(() => tablesOn(a, token), within1s).toBe(ErrorCode.projectRequired);
    } finally {
      await outside(`insert into user_project_roles select * from kept_roles`);
      await outside(`drop table kept_roles`);
    }
  });

  it("takes a role's permission away on every instance within a second", async () => {
    const token = await khSession();
    expect(await tablesOn(b, token)).toBe(0);
    const codeOf = await a.api<{ permissions: string[] }>('GET', '/api/user/self', { token });
    expect(codeOf.value.permissions.length).toBeGreaterThan(0);
    await outside(`create temp table kept_perms as select id, permissions from roles`);
    await outside(`update roles set permissions = '[]'::jsonb`);
    try {
      await expect
        .poll(
          async () =>
            (await b.api<{ permissions: string[] }>('GET', '/api/user/self', { token })).value.permissions,
          within1s,
        )
        .toEqual([]);
    } finally {
      await outside(`update roles set permissions = k.permissions from kept_perms k where k.id = roles.id`);
      await outside(`drop table kept_perms`);
    }
  });
});
