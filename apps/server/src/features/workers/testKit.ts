/**
 * The workers API tests' common start (roster, list and rules tests): a test app with the demo,
 * the demo accounts signed in, and helpers that upload a photo and register a worker through the
 * API. Each test file calls workersTestApp() once inside its describe.
 */
import { chinaToday, type Envelope, type FileInfo, type LwryDetail, makeIdNumber } from '@pineguard/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

/** A 1×1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
export const today = chinaToday();
let seq = 0;
/** A valid ID number not used before in this test file. */
export const newId = (region = '330824', birth = '1978-03-15') => makeIdNumber(region, birth, 100 + seq++);

export type WorkersKit = {
  t: TestApp;
  admin: string; // project administrator of KH2026
  jianli: string; // supervisor
  bd: string; // section manager of KH-BD01
  gov: string; // government viewer
  js: string; // project administrator working in JS2026
  upload(token: string, kind: string, content: Buffer, name: string, type: string): Promise<string>;
  register(token: string, extra?: Record<string, unknown>): Promise<string>;
  /** A worker with ID photos and a face, ready for review. */
  complete(extra?: Record<string, unknown>): Promise<string>;
  detail(token: string, id: string): Promise<Envelope<LwryDetail>>;
};

/** Opens the app before the file's tests (closes it after) and answers the kit they share. */
export function workersTestApp(): WorkersKit {
  const kit = {} as WorkersKit;

  const upload = async (token: string, kind: string, content: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type }), name);
    const res = new Response(form);
    const out = await kit.t.app.inject({
      method: 'POST',
      url: `/api/file/upload?kind=${kind}`,
      headers: { token, 'content-type': res.headers.get('content-type') ?? '' },
      payload: Buffer.from(await res.arrayBuffer()),
    });
    return (out.json() as { value: FileInfo }).value.id;
  };

  const register = async (token: string, extra: Record<string, unknown> = {}) => {
    const res = await kit.t.api<{ id: string }>('POST', '/api/lwryUser/insert', {
      token,
      body: { name: '测试工', idNumber: newId(), phone: '13905701234', sectionCode: 'KH-BD01', ...extra },
    });
    expect(res.code, res.message).toBe(0);
    return res.value.id;
  };

  const complete = async (extra: Record<string, unknown> = {}) =>
    register(kit.admin, {
      idCardFront: await upload(kit.admin, 'idCard', png, 'front.png', 'image/png'),
      idCardBack: await upload(kit.admin, 'idCard', png, 'back.png', 'image/png'),
      faceFileIds: [await upload(kit.admin, 'face', png, 'face.png', 'image/png')],
      ...extra,
    });

  const detail = (token: string, id: string) =>
    kit.t.api<LwryDetail>('GET', `/api/lwryUser/detail?id=${id}`, { token });

  Object.assign(kit, { upload, register, complete, detail });

  beforeAll(async () => {
    const t = await createTestApp({ demo: true });
    kit.t = t;
    await t.initAdmin({ demo: true });
    const select = async (account: string, prjCode: string) => {
      const token = await t.signIn(account, 'pine2026');
      await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
      return token;
    };
    kit.admin = await select('demo_admin', 'KH2026');
    kit.jianli = await select('demo_jianli', 'KH2026');
    kit.bd = await select('demo_bd', 'KH2026');
    kit.gov = await select('demo_gov', 'KH2026');
    kit.js = await select('demo_admin', 'JS2026');
  });
  afterAll(() => kit.t.close());
  return kit;
}
