import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, type FileInfo } from '@pineguard/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startLocalS3 } from '../../../test/s3.ts';
import { files } from '../../db/schema/index.ts';

/** A real 1×1 PNG. */
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
    headers: { 'content-type': res.headers.get('content-type') ?? '' },
  };
}

function walk(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

const drivers = [['local disk'], ['S3 (s3rver)']] as const;

describe.each(drivers)('files on %s', (driver) => {
  let t: TestApp;
  let stopS3: (() => Promise<void>) | undefined;
  let kh: string;

  const upload = async (token: string, kind: string, content: Buffer, name: string, type: string) => {
    const body = await multipart(content, name, type);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/file/upload?kind=${kind}`,
      headers: { token, ...body.headers },
      payload: body.payload,
    });
    return res.json() as { code: number; message: string; value: FileInfo };
  };
  const fileCount = async () => (await t.deps.database.db.select({ n: count() }).from(files))[0]?.n;

  beforeAll(async () => {
    if (driver === 'S3 (s3rver)') {
      const s3 = await startLocalS3();
      stopS3 = s3.stop;
      t = await createTestApp({ env: s3.env });
    } else {
      t = await createTestApp({ demo: true });
    }
    await t.initAdmin({ demo: true });
    kh = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
  });
  afterAll(async () => {
    await t.close();
    await stopS3?.();
  });

  it('says how to upload', async () => {
    const res = await t.api<{
      driver: string;
      uploadUrl: string;
      limits: Record<string, { maxBytes: number }>;
    }>('GET', '/api/oss/normalConfig', { token: kh });
    expect(res.value.driver).toBe(driver === 'local disk' ? 'local' : 's3');
    expect(res.value.uploadUrl).toBe('/api/file/upload');
    expect(res.value.limits.face?.maxBytes).toBe(5 * 1024 * 1024);
  });

  it('stores a photo with its hash and serves it back whole and by range', async () => {
    const res = await upload(kh, 'photo', png, '树桩.png', 'image/png');
    expect(res.code).toBe(0);
    expect(res.value).toMatchObject({
      projectCode: 'KH2026',
      kind: 'photo',
      name: '树桩.png',
      contentType: 'image/png',
      bytes: png.length,
      sha256: createHash('sha256').update(png).digest('hex'),
    });
    const whole = await t.app.inject({ method: 'GET', url: res.value.url, headers: { token: kh } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(png)).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url: res.value.url,
      headers: { token: kh, range: 'bytes=8-15' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-15/${png.length}`);
    expect(part.rawPayload.equals(png.subarray(8, 16))).toBe(true);

    const tail = await t.app.inject({
      method: 'GET',
      url: res.value.url,
      headers: { token: kh, range: 'bytes=-4' },
    });
    expect(tail.rawPayload.equals(png.subarray(png.length - 4))).toBe(true);

    const beyond = await t.app.inject({
      method: 'GET',
      url: res.value.url,
      headers: { token: kh, range: 'bytes=99999-' },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.json().code).toBe(ErrorCode.rangeNotSatisfiable);
  });

  it('refuses a declared type the kind does not allow, and content that is not what it claims', async () => {
    const before = await fileCount();
    const wrongType = await upload(kh, 'photo', Buffer.from('a,b\n1,2\n'), 'a.csv', 'text/csv');
    expect(wrongType.code).toBe(ErrorCode.unsupportedMediaType);
    expect(wrongType.message).toContain('照片');
    const disguised = await upload(
      kh,
      'face',
      Buffer.from('MZ this is not an image'),
      'face.png',
      'image/png',
    );
    expect(disguised.code).toBe(ErrorCode.unsupportedMediaType);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a file over the kind’s limit and keeps nothing of it', async () => {
    const before = await fileCount();
    // The demo's workers already have face photos: nothing may be added beside them.
    const facesBefore =
      driver === 'local disk' ? walk(join(t.dataDir, 'files')).filter((p) => p.includes('/face/')) : [];
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(kh, 'face', big, 'face.png', 'image/png');
    expect(res.code).toBe(ErrorCode.payloadTooLarge);
    expect(res.message).toBe('上传内容过大，最大允许 5 MB');
    expect(await fileCount()).toBe(before);
    if (driver === 'local disk') {
      const stored = walk(join(t.dataDir, 'files')).filter((p) => p.includes('/face/'));
      expect(stored).toEqual(facesBefore);
    }
  });

  it('refuses a file of another project', async () => {
    const res = await upload(kh, 'photo', png, 'kh.png', 'image/png');
    const js = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: js, body: { prjCode: 'JS2026' } });
    const other = await t.app.inject({ method: 'GET', url: res.value.url, headers: { token: js } });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe(ErrorCode.forbidden);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/file/00000000-0000-4000-8000-000000000000',
      headers: { token: kh },
    });
    expect(missing.json().code).toBe(ErrorCode.notFound);
  });

  it('needs a selected project and the upload permission', async () => {
    const noProject = await t.signIn('demo_admin', 'pine2026');
    expect((await upload(noProject, 'photo', png, 'a.png', 'image/png')).code).toBe(
      ErrorCode.projectRequired,
    );
    const viewer = await t.signIn('demo_gov', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: viewer, body: { prjCode: 'KH2026' } });
    expect((await upload(viewer, 'photo', png, 'a.png', 'image/png')).code).toBe(ErrorCode.forbidden);
  });

  it('names a missing file part and a bad kind', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: kh, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(empty.json().code).toBe(ErrorCode.validation);
    const badKind = await upload(kh, 'poster', png, 'a.png', 'image/png');
    expect(badKind.code).toBe(ErrorCode.validation);
    expect(badKind.message).toContain('文件类别');
  });
});
