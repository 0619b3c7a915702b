import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../../test/app.ts';
import { loggableError } from './error-handler.ts';

describe('what an unhandled database error logs', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await testDatabase();
  });
  afterAll(() => db.drop());

  it('never carries the query parameters (a password hash would be one)', async () => {
    const secret = 'scrypt$32768$8$1$c2FsdA$aGFzaA';
    const error = await db.db.execute(sql`select ${secret}::int as n`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // The raw error does carry it: that is what must not be logged.
    expect(
      JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error as Error).stack),
    ).toContain(secret);
    const logged = JSON.stringify(loggableError(error));
    expect(logged).not.toContain(secret);
    expect(logged).toContain('select');
  });
});
