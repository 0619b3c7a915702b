import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** Answers Fastify and Node give before any route runs, pages' HEAD, and security headers. */
describe('HTTP edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'pineguard-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>PineGuard</title>');
    t = await createTestApp({ env: { WEB_DIST: web, TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('answers an over-long path parameter and a bad URL encoding in the envelope', async () => {
    for (const url of [`/api/file/${'a'.repeat(5000)}`, '/api/file/%ff']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json();
      expect(body.code).toBe(ErrorCode.validation);
      expect(body).toHaveProperty('value', null);
      expect(body.message).toMatch(/请求地址/);
    }
  });

  it('answers headers over the limit in the envelope, with a Content-Type', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `/api/health?${'q=1&'.repeat(5000)}`,
          headers: { 'x-big': 'b'.repeat(20000) },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toMatchObject({ code: ErrorCode.validation, value: null });
  });

  it('answers HEAD / and HEAD /login with the page’s headers', async () => {
    for (const url of ['/', '/login']) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('sends security headers on pages and API answers; HSTS only behind TLS', async () => {
    for (const url of ['/', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const tls = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('lets only the field app’s pages compile WebAssembly (its QR reader), never eval', async () => {
    const field = String(
      (await t.app.inject({ method: 'GET', url: '/m/' })).headers['content-security-policy'],
    );
    expect(field).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(field).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    for (const url of ['/', '/api/health', '/mobile']) {
      const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp, url).not.toContain('wasm-unsafe-eval');
    }
  });
});
