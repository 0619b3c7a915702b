import { clientPasswordHash, ErrorCode } from '@pineguard/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/**
 * Fuzz from the contract: every route and method of the OpenAPI document gets property-generated
 * bodies and queries (wrong types, missing and extra fields, huge strings, deep nesting, unicode,
 * `__proto__`, edge numbers, malformed JSON, wrong content types) from four callers. Never a 5xx,
 * always an envelope, no stack or SQL text, no write without the permission; health at the end.
 * FUZZ_REQUESTS sets the total (default 10,000 per database; `npm run fuzz -- --requests N`).
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

type Op = {
  method: string;
  path: string;
  access: string;
  bodyKeys: string[];
  queryKeys: string[];
  pathKeys: string[];
};
type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type Caller = { name: string; token?: string; superAdmin: boolean; permissions: Set<string> };

const edgeNumbers = [0, -1, 1, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 1e308, 0.5, -0];
const nasty = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '𠮷😀',
  '松材线虫',
  "' OR '1'='1",
  "'; select pg_sleep(1); --",
  '"',
  '\\',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  '00000000-0000-4000-8000-000000000000',
  'KH2026',
  'JS2026',
  'x'.repeat(70_000),
];

const leaf = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(...nasty),
  fc.integer(),
  fc.constantFrom(...edgeNumbers),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('v'), { maxKeys: 4 }),
  ),
})).v;
const deep = fc.integer({ min: 50, max: 5000 }).map((n) => '['.repeat(n) + ']'.repeat(n));

function bodyFor(op: Op) {
  const known = op.bodyKeys.length ? fc.constantFrom(...op.bodyKeys) : fc.string({ maxLength: 8 });
  const fields = fc.array(
    fc.tuple(fc.oneof(known, fc.constantFrom('__proto__', 'constructor', 'extra')), value),
    { maxLength: 8 },
  );
  return fc.oneof(
    fields.map((f) => ({ kind: 'json' as const, payload: JSON.stringify(Object.fromEntries(f)) })),
    fields.map((f) => ({
      kind: 'json' as const,
      payload: `{${f.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v) ?? 'null'}`).join(',')}}`,
    })),
    value.map((v) => ({ kind: 'json' as const, payload: JSON.stringify(v) ?? 'null' })),
    deep.map((payload) => ({ kind: 'json' as const, payload })),
    fc
      .constantFrom('{', '{"a":', 'nul', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}')
      .map((payload) => ({ kind: 'json' as const, payload })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/xml',
      )
      .map((type) => ({ kind: type, payload: 'a=1&b=2' })),
    fc.constant({ kind: 'none' as const, payload: '' }),
  );
}

/** Any generated value as query or path text (objects as JSON; some have no prototype). */
const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null'));

function queryFor(op: Op) {
  const keys = op.queryKeys.length ? fc.constantFrom(...op.queryKeys) : fc.string({ maxLength: 6 });
  return fc.array(fc.tuple(keys, value), { maxLength: 5 });
}

describe('fuzz from the OpenAPI document', () => {
  let t: TestApp;
  const callers: Caller[] = [];
  let ops: Op[] = [];

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    const admin = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    const roles = await t.api<{ id: number; code: string }[]>('GET', '/api/common/role', { token: admin });
    const projectAdmin = roles.value.find((r) => r.code === 'project_admin')!.id;
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'JS2026' } });
    await t.api('POST', '/api/user/addUser', {
      token: admin,
      body: {
        account: 'fuzz_js_admin',
        password: clientPasswordHash('fuzz123'),
        name: '江山',
        roleIds: [projectAdmin],
      },
    });
    callers.push({ name: 'signed out', superAdmin: false, permissions: new Set() });
    for (const [name, account, password, project] of [
      ['field worker', 'demo_worker', 'pine2026', 'KH2026'],
      ['viewer', 'demo_gov', 'pine2026', 'KH2026'],
      ['admin of another project', 'fuzz_js_admin', 'fuzz123', 'JS2026'],
    ] as const) {
      const token = await t.signIn(account, password);
      await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: project } });
      const self = await t.api<{ permissions: string[] }>('GET', '/api/user/self', { token });
      callers.push({ name, token, superAdmin: false, permissions: new Set(self.value.permissions) });
    }
    const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
    const access = new Map(
      t.app.apiRoutes.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access]),
    );
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/docs')) continue;
      for (const [method, spec] of Object.entries(methods)) {
        const params = (spec.parameters ?? []) as { in: string; name: string }[];
        const props = spec.requestBody?.content?.['application/json']?.schema?.properties ?? {};
        ops.push({
          method: method.toUpperCase(),
          path,
          access: access.get(`${method.toUpperCase()} ${path}`) ?? 'public',
          bodyKeys: Object.keys(props),
          queryKeys: params.filter((p) => p.in === 'query').map((p) => p.name),
          pathKeys: params.filter((p) => p.in === 'path').map((p) => p.name),
        });
      }
    }
    // Calls that end or move the caller's own session would blind the rest of the run.
    ops = ops.filter(
      (o) => !/loginOut|switchRole|selectProject|\/api\/user\/password$|system\/init/.test(o.path),
    );
  });
  afterAll(() => t.close());

  it(`sends ${TOTAL} requests: never a 5xx, always an envelope, no write without permission`, async () => {
    expect(ops.length).toBeGreaterThan(50);
    const runs = Math.max(1, Math.ceil(TOTAL / (ops.length * callers.length)));
    let sent = 0;
    for (const op of ops) {
      for (const caller of callers) {
        await fc.assert(
          fc.asyncProperty(
            bodyFor(op),
            queryFor(op),
            fc.array(value, { minLength: 1, maxLength: 1 }),
            async (body, query, [pathValue]) => {
              let url = op.path;
              for (const key of op.pathKeys)
                url = url.replace(`{${key}}`, encodeURIComponent(text(pathValue)));
              const qs = new URLSearchParams();
              for (const [k, v] of query) qs.append(k, text(v));
              const headers: Record<string, string> = {};
              if (caller.token) headers.token = caller.token;
              const hasBody = op.method !== 'GET' && op.method !== 'DELETE' && body.kind !== 'none';
              if (hasBody) headers['content-type'] = body.kind === 'json' ? 'application/json' : body.kind;
              const res = await t.app.inject({
                method: op.method as 'POST',
                url: qs.size ? `${url}?${qs}` : url,
                headers,
                ...(hasBody ? { payload: body.payload } : {}),
              });
              sent++;
              const label = `${caller.name} ${op.method} ${op.path} → ${res.statusCode} ${res.body.slice(0, 200)}`;
              expect(res.statusCode, label).toBeLessThan(500);
              if (!/json/.test(String(res.headers['content-type']))) return; // a file download
              const envelope = res.json() as { code: unknown; message: unknown };
              expect(typeof envelope.code, label).toBe('number');
              expect(typeof envelope.message, label).toBe('string');
              expect(envelope.message as string, label).not.toMatch(
                /\bat .+\.(ts|js):\d+|Failed query|\bselect\b.+\bfrom\b|insert into|syntax error|duplicate key/i,
              );
              const mayCall =
                op.access === 'public' ||
                (caller.token && ['session', 'project'].includes(op.access)) ||
                caller.superAdmin ||
                caller.permissions.has(op.access);
              if (!mayCall) expect(envelope.code, label).not.toBe(ErrorCode.ok);
            },
          ),
          { numRuns: runs, seed: SEED, endOnFailure: true },
        );
      }
    }
    expect(sent).toBeGreaterThanOrEqual(TOTAL * 0.9);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().code).toBe(0);
    console.info(`fuzz: ${sent} requests over ${ops.length} operations × ${callers.length} callers`);
  }, 900_000);
});
