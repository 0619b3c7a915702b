import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, type FileInfo } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { localStorage } from '../../platform/storage/local.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function multipart(content: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), filename);
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    contentType: res.headers.get('content-type') ?? '',
  };
}

describe('uploads as an attacker sends them', () => {
  let t: TestApp;
  let kh: string;
  const upload = async (kind: string, content: Buffer, name: string, type: string) => {
    const body = await multipart(content, name, type);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/file/upload?kind=${kind}`,
      headers: { token: kh, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBeLessThan(500);
    return res.json() as { code: number; message: string; value: FileInfo };
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    kh = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
  });
  afterAll(() => t.close());

  it('answers malformed multipart (no boundary, cut off) with an envelope, not a 500', async () => {
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: kh, 'content-type': 'multipart/form-data' },
      payload: 'hello',
    });
    expect(noBoundary.statusCode).toBeLessThan(500);
    expect(noBoundary.headers['content-type']).toMatch(/application\/json/);
    expect(noBoundary.json().code).not.toBe(0);
    const whole = await multipart(png, 'a.png', 'image/png');
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: kh, 'content-type': whole.contentType },
      payload: whole.payload.subarray(0, whole.payload.length - 60),
    });
    expect(truncated.statusCode).toBeLessThan(500);
    expect(truncated.json().code).not.toBe(0);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: kh, 'content-type': 'multipart/form-data; boundary=zz' },
      payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect(garbage.statusCode).toBeLessThan(500);
    expect(garbage.json().code).not.toBe(0);
  });

  it('refuses HTML and SVG declared as CSV for imports, checked by content', async () => {
    const html = await upload(
      'import',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      'a.csv',
      'text/csv',
    );
    expect(html.code).toBe(ErrorCode.unsupportedMediaType);
    const svg = await upload(
      'import',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>'),
      'a.csv',
      'text/csv',
    );
    expect(svg.code).toBe(ErrorCode.unsupportedMediaType);
    const csv = await upload('import', Buffer.from('编号,树种\nA1,马尾松\n'), 'a.csv', 'text/csv');
    expect(csv.code).toBe(0);
  });

  it('says an empty file is empty, refuses export uploads and bad file names', async () => {
    const empty = await upload('photo', Buffer.alloc(0), 'a.png', 'image/png');
    expect(empty.code).toBe(ErrorCode.validation);
    expect(empty.message).toBe('上传的文件是空的');
    const exported = await upload('export', Buffer.from('a,b\n'), 'a.csv', 'text/csv');
    expect(exported.code).toBe(ErrorCode.forbidden);
    const nul = await upload('photo', png, 'a\u0000.png', 'image/png');
    expect(nul.code).not.toBe(0);
  });

  it('serves an upload as an attachment, never sniffed or rendered', async () => {
    const ok = await upload('photo', png, '照片.png', 'image/png');
    expect(ok.code).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: ok.value.url, headers: { token: kh } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain('sandbox');
  });
});

describe('temporary files a killed upload left behind', () => {
  it('are removed at start when stale, while a live one is kept', async () => {
    const root = join(process.env.TMPDIR ?? '/tmp', `pg-sweep-${process.pid}-${Date.now()}`);
    mkdirSync(join(root, 'KH2026/photo/2026/11'), { recursive: true });
    const stale = join(root, 'KH2026/photo/2026/11/abc.part-123-456');
    const live = join(root, 'KH2026/photo/2026/11/def.part-123-789');
    const kept = join(root, 'KH2026/photo/2026/11/real-file');
    for (const f of [stale, live, kept]) writeFileSync(f, 'x');
    const old = new Date(Date.now() - 3600_000);
    utimesSync(stale, old, old);
    const removed = await localStorage(root).sweepTemporary!();
    expect(removed).toBe(1);
    expect(readdirSync(join(root, 'KH2026/photo/2026/11')).sort()).toEqual(['def.part-123-789', 'real-file']);
  });
});
