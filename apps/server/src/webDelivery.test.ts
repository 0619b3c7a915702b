import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

/** A built web app as `vite build` leaves it: hashed assets with .br/.gz copies, index.html. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pineguard-dist-'));
  mkdirSync(join(dir, 'assets'));
  const js = `console.log(${JSON.stringify('松材线虫'.repeat(400))});`;
  const html = `<!doctype html><html><head><title>x</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
  for (const [name, text] of [
    ['assets/index-B3kz9QpA.js', js],
    ['index.html', html],
  ] as const) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('web app delivery', () => {
  let t: TestApp;
  let js: string;
  beforeAll(async () => {
    const dist = fakeDist();
    js = `console.log(${JSON.stringify('松材线虫'.repeat(400))});`;
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => t.close());

  it('sends the brotli or gzip copy built beforehand, by Accept-Encoding', async () => {
    const br = await t.app.inject({
      url: '/assets/index-B3kz9QpA.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(js) / 5);

    const gz = await t.app.inject({
      url: '/assets/index-B3kz9QpA.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await t.app.inject({
      url: '/assets/index-B3kz9QpA.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('caches hashed assets for a year, immutable; index.html and other files are revalidated', async () => {
    const asset = await t.app.inject({
      url: '/assets/index-B3kz9QpA.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await t.app.inject({ url: '/index.html', headers: { 'accept-encoding': 'br' } });
    expect(index.headers['cache-control']).toBe('no-cache');
    const spa = await t.app.inject({ url: '/system/roles', headers: { 'accept-encoding': 'gzip, br' } });
    expect(spa.statusCode).toBe(200);
    expect(spa.headers['cache-control']).toBe('no-cache');
    expect(spa.headers['content-type']).toMatch(/text\/html/);
    const icon = await t.app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });
});
