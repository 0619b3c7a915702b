import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerSecurityHeaders, tileImageSource } from './security-headers.ts';

async function imgSrcOf(env: NodeJS.ProcessEnv, url: string): Promise<string> {
  const app = Fastify();
  await registerSecurityHeaders(app, loadConfig(env).mapTiles);
  app.get('/*', async () => 'ok');
  const res = await app.inject({ method: 'GET', url });
  await app.close();
  const csp = String(res.headers['content-security-policy']);
  return /img-src ([^;]*)/.exec(csp)?.[1] ?? '';
}

describe('security headers: where images may come from', () => {
  it('allows only the app itself, data: and blob: when no base map is configured', async () => {
    for (const url of ['/', '/m/', '/api/health']) {
      expect(await imgSrcOf({}, url), url).toBe("'self' data: blob:");
    }
  });

  it('adds the configured tile server’s host, on the back office and the field app alike', async () => {
    const template = 'https://t{s}.tianditu.gov.cn/img_w/wmts?tilematrix={z}&tilerow={y}&tilecol={x}';
    for (const env of [{ MAP_TILE_URL: template }, { VITE_MAP_TILE_URL: template }]) {
      for (const url of ['/', '/m/']) {
        expect(await imgSrcOf(env, url), url).toBe("'self' data: blob: https://*.tianditu.gov.cn");
      }
    }
  });

  it('turns a tile template into its scheme and host, and refuses one it cannot express exactly', () => {
    expect(tileImageSource('http://tiles.county.local:8080/{z}/{x}/{y}.png')).toBe(
      'http://tiles.county.local:8080',
    );
    expect(tileImageSource('HTTPS://{s}.tile.example.cn/{z}/{x}/{y}.png')).toBe('https://*.tile.example.cn');
    for (const bad of [
      'javascript:alert(1)',
      'tiles/{z}/{x}/{y}.png',
      'https://a.{s}.example.cn/{z}',
      'https://{x}.cn/',
    ]) {
      expect(tileImageSource(bad), bad).toBeUndefined();
      expect(() => loadConfig({ MAP_TILE_URL: bad }), bad).toThrow(
        /MAP_TILE_URL: not an http\(s\) tile template/,
      );
    }
  });
});

describe('security headers: caching', () => {
  it('tells caches to keep no API answer, while an answer may still choose its own', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app);
    app.get('/api/lwryUser/detail', async () => ({ idNumber: '330824199001011234' }));
    app.get('/api/file/thumb', async (_req, reply) =>
      reply.header('cache-control', 'private, max-age=600').send('x'),
    );
    app.get('/m/', async () => 'page');
    try {
      expect((await app.inject({ url: '/api/lwryUser/detail' })).headers['cache-control']).toBe('no-store');
      expect((await app.inject({ url: '/api/file/thumb' })).headers['cache-control']).toBe(
        'private, max-age=600',
      );
      expect((await app.inject({ url: '/m/' })).headers['cache-control']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
