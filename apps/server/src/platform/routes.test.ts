import { ErrorCode } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** Fills `:param` segments so every route can be called. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
}

describe('the route table', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({
      extend(app) {
        app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
          throw new Error('secret internal detail');
        });
        app.get<{ Querystring: { prjCode?: string } }>(
          '/api/test/scoped',
          { config: { access: 'project', projectOf: (req) => (req.query as { prjCode?: string }).prjCode } },
          async () => ({ code: 0, message: 'ok', value: 'in scope' }),
        );
      },
    });
    admin = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
  });
  afterAll(() => t.close());

  it('declares access on every /api route', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(10);
    for (const route of t.app.apiRoutes) expect(route.access, `${route.method} ${route.url}`).not.toBe('');
  });

  it('refuses to register an /api route without access', async () => {
    await expect(
      createTestApp({
        extend(app) {
          app.get('/api/test/open', async () => 'oops');
        },
      }),
    ).rejects.toThrow(/does not declare config.access/);
  });

  it('answers code 2 on every non-public route without a token', async () => {
    const closed = t.app.apiRoutes.filter((r) => r.access !== 'public');
    expect(closed.length).toBeGreaterThan(5);
    for (const route of closed) {
      const res = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url) });
      expect(res.json(), `${route.method} ${route.url}`).toMatchObject({ code: ErrorCode.notSignedIn });
    }
  });

  it('answers malformed JSON and wrong shapes on every route with a body with clear codes', async () => {
    const withBody = t.app.apiRoutes.filter((r) => r.hasBody);
    expect(withBody.length).toBeGreaterThan(4);
    for (const route of withBody) {
      const url = concrete(route.url);
      const headers = { token: admin, 'content-type': 'application/json' };
      const broken = await t.app.inject({ method: route.method as 'POST', url, headers, payload: '{"a":' });
      expect(broken.statusCode).toBe(200);
      expect(broken.json(), url).toMatchObject({ code: ErrorCode.malformedBody });
      const wrong = await t.app.inject({ method: route.method as 'POST', url, headers, payload: '[1,2]' });
      expect(wrong.json(), url).toMatchObject({ code: ErrorCode.validation });
      const empty = await t.app.inject({ method: route.method as 'POST', url, headers, payload: '' });
      expect(empty.json(), url).toMatchObject({ code: ErrorCode.malformedBody });
    }
  });

  it('refuses data named for a project other than the selected one, even to a member of both', async () => {
    const member = await t.signIn('demo_admin', 'pine2026');
    const noProject = await t.api('GET', '/api/test/scoped?prjCode=KH2026', { token: member });
    expect(noProject.code).toBe(ErrorCode.projectRequired);
    await t.api('POST', '/api/user/selectProject', { token: member, body: { prjCode: 'KH2026' } });
    expect((await t.api('GET', '/api/test/scoped?prjCode=KH2026', { token: member })).value).toBe('in scope');
    const other = await t.api('GET', '/api/test/scoped?prjCode=JS2026', { token: member });
    expect(other).toEqual({
      code: ErrorCode.forbidden,
      message: '该数据属于其他项目，请先切换到该项目',
      value: null,
    });
  });

  it('names unknown /api paths', async () => {
    const res = await t.api('POST', '/api/no/such/thing');
    expect(res).toEqual({
      code: ErrorCode.notFound,
      message: '接口不存在：POST /api/no/such/thing',
      value: null,
    });
  });

  it('refuses an oversize body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.json()).toMatchObject({ code: ErrorCode.payloadTooLarge, message: '请求内容过大' });
  });

  it('refuses an unsupported content type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<account>admin</account>',
    });
    expect(res.json()).toMatchObject({
      code: ErrorCode.unsupportedMediaType,
      message: '不支持的请求类型：application/xml',
    });
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'account=admin',
    });
    expect(text.json()).toMatchObject({
      code: ErrorCode.validation,
      message: '请求内容格式不正确，应为对象',
    });
  });

  it('answers an unhandled fault with 500, code 50000 and a request id, never the detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.serverError);
    expect(body.value.requestId).toBe(res.headers['x-request-id']);
    expect(body.message).toContain(body.value.requestId);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('at ');
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/user/login'].post.requestBody).toBeTruthy();
    expect(Object.keys(doc.paths)).toContain('/api/file/upload');
  });
});
