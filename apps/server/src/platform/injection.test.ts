import { clientPasswordHash } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { type Field, type Operation, operations, sample, send } from '../../test/openapi.ts';

/**
 * The injection sweep: every string parameter of every operation in the OpenAPI document (path,
 * query, body, and strings inside arrays) gets classic SQL injection payloads, time-based ones
 * among them, sent by the super administrator (who reaches every handler). No answer may be a
 * 5xx or leave the envelope, and none may take as long as the injected sleep: the payloads sleep
 * SLEEP_S seconds, the bound is BOUND_MS, so an answer that slow means the sleep ran (a slow
 * answer is sent again once before it counts, so a busy machine cannot fail it).
 */
const SLEEP_S = 3;
const BOUND_MS = 2_500;
const payloads = [
  `'||(select '' from pg_sleep(${SLEEP_S}))||'`,
  `'; select pg_sleep(${SLEEP_S})--`,
  `1) or pg_sleep(${SLEEP_S})--`,
  `1' or pg_sleep(${SLEEP_S}) is not null--`,
  `' || (select pg_sleep(${SLEEP_S})) || '`,
  `1; select pg_sleep(${SLEEP_S})`,
  `"; select pg_sleep(${SLEEP_S})--`,
  `') and 1=(select 1 from pg_sleep(${SLEEP_S}))--`,
  `' OR '1'='1`,
  `admin'--`,
  `1 union select null,version()--`,
  `%' or 1=1 --`,
  `\\'; drop table users;--`,
];

/** Values that pass validation, so the payload reaches the handler in the other fields' company. */
const plain: Record<string, unknown> = {
  password: clientPasswordHash('inj12345'),
  newPassword: clientPasswordHash('inj54321'),
  oldPassword: clientPasswordHash('inj12345'),
  prjCode: 'KH2026',
  projectCode: 'KH2026',
  projectcode: 'KH2026',
  sectionCode: 'KH-BD01',
  prjStandCode: 'gbksdc0101',
  tbName: 'gbksdc0101',
  tableCode: 'gbksdc0101',
  phone: '13900000000',
  idNumber: '11010519491231002X',
  code_result: 20,
};

const isString = (f: Field) => {
  const s = f.schema;
  const types = [s?.type, ...(s?.anyOf ?? s?.oneOf ?? []).map((x) => x.type)].flat();
  const items = s?.items?.type;
  return types.includes('string') || (types.includes('array') && items === 'string');
};

/** Every payload in every string field of one operation; returns what went wrong. */
async function probe(
  app: FastifyInstance,
  op: Operation,
  token: string,
  list: string[] = payloads,
): Promise<{ sent: number; failures: string[] }> {
  const failures: string[] = [];
  let sent = 0;
  for (const target of op.fields.filter(isString)) {
    for (const payload of list) {
      const values: Record<string, unknown> = {};
      for (const f of op.fields) {
        if (f.name === target.name) values[f.name] = target.schema?.type === 'array' ? [payload] : payload;
        else if (f.required) values[f.name] = sample(f.schema, f.name, plain);
      }
      const timed = async () => {
        const start = performance.now();
        const res = await send(app, op, values, token);
        sent++;
        return { res, ms: performance.now() - start };
      };
      let { res, ms } = await timed();
      if (ms >= BOUND_MS) ({ res, ms } = await timed());
      const label = `${op.method} ${op.path} ${target.where}:${target.name}=${JSON.stringify(payload)} → ${res.statusCode} in ${Math.round(ms)} ms: ${res.body.slice(0, 160)}`;
      if (res.statusCode >= 500) failures.push(label);
      if (ms >= BOUND_MS) failures.push(`slow (the sleep ran?): ${label}`);
      if (/json/.test(String(res.headers['content-type']))) {
        const body = res.json() as Record<string, unknown>;
        if (typeof body.code !== 'number' || typeof body.message !== 'string' || !('value' in body)) {
          failures.push(`not an envelope: ${label}`);
        }
        if (/syntax error|Failed query|\bat .+\.(ts|js):\d+/i.test(String(body.message))) {
          failures.push(`SQL or stack in the message: ${label}`);
        }
      }
    }
  }
  return { sent, failures };
}

/** A route built the wrong way on purpose (text pasted into SQL): the sweep must catch it. */
const control = '/api/test/injectable';
function addInjectableRoute(app: FastifyInstance) {
  app.get(control, {
    config: { access: 'session' },
    schema: { querystring: z.object({ q: z.string().max(200) }) },
    handler: async (req) => {
      const { q } = req.query as { q: string };
      await app.deps.database.db.execute(sql.raw(`select count(*) from users where account = '${q}'`));
      return { code: 0, message: 'ok', value: null };
    },
  });
}

describe('injection sweep over every string parameter of the OpenAPI document', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ demo: true, extend: addInjectableRoute });
    token = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
  });
  afterAll(() => t?.close());

  it('catches a route that pastes text into SQL (the control)', async () => {
    const op = operations(t.app).find((o) => o.path === control)!;
    expect(op).toBeDefined();
    // One payload that sleeps once per statement (an uncorrelated subquery), to keep this short.
    const { failures } = await probe(t.app, op, token, payloads.slice(0, 1));
    expect(failures.some((f) => f.startsWith('slow (the sleep ran?)'))).toBe(true);
  }, 120_000);

  it(`no 5xx, always the envelope, nothing as slow as pg_sleep(${SLEEP_S})`, async () => {
    // Calls that end or move the caller's session, or sign-in (its throttle is not the subject).
    const ops = operations(t.app).filter(
      (o) =>
        o.path !== control &&
        !/loginOut|switchRole|selectProject|\/api\/user\/password$|system\/init|user\/login$/.test(o.path),
    );
    const failures: string[] = [];
    let sent = 0;
    let parameters = 0;
    for (const op of ops) {
      parameters += op.fields.filter(isString).length;
      const result = await probe(t.app, op, token);
      sent += result.sent;
      failures.push(...result.failures);
    }
    expect(failures).toEqual([]);
    expect(parameters).toBeGreaterThan(80);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().code).toBe(0);
    console.info(
      `injection sweep: ${sent} requests over ${parameters} string parameters of ${ops.length} operations`,
    );
  }, 600_000);
});
