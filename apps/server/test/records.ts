import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CollectResult,
  type CollectSetupValue,
  type Envelope,
  type QueryDataListValue,
  TAG_ALPHABET,
  tagCodeFor,
} from '@pineguard/contract';
import { createTestApp, type TestApp } from './app.ts';

/**
 * Seeding records through the API for tests that count them (the overview's figures, the GIS
 * map's cells): demo accounts signed into a project, a photo, the standard tables' fields, a
 * collected batch that must be created whole, a review.
 */

/** A well-formed QR tag code never issued (random body, check character). */
export function randomTag(prefix: string): string {
  return tagCodeFor(prefix, [...randomBytes(10)].map((b) => TAG_ALPHABET[b & 31]).join(''));
}

/** A 1×1 PNG. */
export const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** An instant `daysAgo` days before now (a minute earlier, so "today" stays today). */
export const ago = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000 - 60_000).toISOString();
/** The China day of an instant (the contract's). */
export { chinaDay } from '@pineguard/contract';

/**
 * Signs a demo account in (password pine2026) and selects a project; answers the token. A field
 * worker, who records only in the sections assigned to them (issue 26), is first assigned every
 * section of the project through the API: these helpers seed figures for other features, as a
 * crew in each section would; records/sectionAccess.test.ts tests the rule itself.
 */
export async function signInTo(t: TestApp, account: string, prjCode: string, client?: number) {
  const token = await t.signIn(account, 'pine2026', client);
  const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
  if (res.code !== 0) throw new Error(res.message);
  const setup = await t.api<CollectSetupValue>('GET', '/api/collect/setup', { token });
  if (setup.code === 0 && setup.value.assignedOnly) await assignSections(t, account, prjCode);
  return token;
}

/**
 * Assigns a member sections of a demo project (every section unless named) through the API, as
 * its administrator (demo_admin) would.
 */
export async function assignSections(t: TestApp, account: string, prjCode: string, sectionCodes?: string[]) {
  const admin = await t.signIn('demo_admin', 'pine2026');
  const selected = await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode } });
  if (selected.code !== 0) throw new Error(selected.message);
  const members = await t.api<{ list: { id: string; account: string }[] }>(
    'POST',
    '/api/project/prj1UserList',
    {
      token: admin,
      body: { pageNum: 1, pageSize: 50, keyword: account },
    },
  );
  const userId = members.value.list.find((m) => m.account === account)?.id;
  const all = await t.api<CollectSetupValue>('GET', '/api/collect/setup', { token: admin });
  const res = await t.api('POST', '/api/project/setMemberSections', {
    token: admin,
    body: { userId, sectionCodes: sectionCodes ?? all.value.sections.map((s) => s.code) },
  });
  if (res.code !== 0) throw new Error(res.message);
  await t.api('POST', '/api/user/loginOut', { token: admin });
}

/** Uploads the PNG as a photo of the caller's project; answers its file id. */
/** Uploads `bytes` as a photo through the API; answers the envelope (the caller checks its code). */
export async function uploadBytes(
  t: TestApp,
  token: string,
  bytes: Uint8Array,
  name: string,
  type: string,
): Promise<{ code: number; message: string; value: { id: string } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = new Response(form);
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload?kind=photo',
    headers: { token, 'content-type': res.headers.get('content-type') ?? '' },
    payload: Buffer.from(await res.arrayBuffer()),
  });
  return up.json();
}

export async function uploadPhoto(t: TestApp, token: string): Promise<string> {
  return (await uploadBytes(t, token, png, 'tree.png', 'image/png')).value.id;
}

/** Survey (gbksdc0101) fields: `kssl` dead trees. */
export const surveyFields = (photo: string, kssl = 1) => ({
  kssl,
  shuzhong: '马尾松',
  dcfs: '地面调查',
  pic_tree: photo,
});

/** Felling (gbcfcz0101) fields with a fresh QR tag. */
export const fellingFields = (photo: string) => ({
  qrcode: randomTag('KH'),
  shuzhong: '马尾松',
  xiongjing: 20,
  dungao: 3,
  multi_fzcl: '剥皮',
  pic_before: photo,
  pic_stump: photo,
  pic_treated: photo,
});

export type SeedRecord = {
  uuid: string;
  tableCode: string;
  sectionCode: string;
  timeSubmit: string;
  gps: { long: number; lat: number; alt: number; range: number };
  place?: { xiang: string };
  fields: Record<string, unknown>;
};

/** A record for /api/collect/records, its id kept in `ids[name]`. */
export function seedRecord(
  ids: Record<string, string>,
  name: string,
  r: {
    tableCode: string;
    sectionCode: string;
    at: string;
    fields: Record<string, unknown>;
    long?: number;
    lat?: number;
    xiang?: string | undefined;
  },
): SeedRecord {
  ids[name] = randomUUID();
  return {
    uuid: ids[name],
    tableCode: r.tableCode,
    sectionCode: r.sectionCode,
    timeSubmit: r.at,
    gps: { long: r.long ?? 118.41, lat: r.lat ?? 29.14, alt: 300, range: 5 },
    ...(r.xiang ? { place: { xiang: r.xiang } } : {}),
    fields: r.fields,
  };
}

/** Collects a batch; throws unless every record was created. */
export async function collect(t: TestApp, token: string, records: SeedRecord[]): Promise<void> {
  const res = await t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', {
    token,
    body: { records },
  });
  const bad = (res.value?.results ?? []).filter((r) => r.status !== 'created');
  if (res.code !== 0 || bad.length) throw new Error(JSON.stringify(res.code !== 0 ? res : bad));
}

/** Reviews records (approve or reject with a reason); throws unless accepted. */
export async function examine(t: TestApp, token: string, ids: string[], action: string, reason?: string) {
  const res = await t.api('POST', '/api/data/examine', { token, body: { ids, action, reason } });
  if (res.code !== 0) throw new Error(res.message);
}

/** A dead-pine survey (gbksdc0101) record of KH-BD01 for /api/collect/records; `over` replaces its keys. */
export const census = (over: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) => ({
  uuid: randomUUID(),
  tableCode: 'gbksdc0101',
  sectionCode: 'KH-BD01',
  timeSubmit: '2026-11-20T09:30:00+08:00',
  gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
  fields: { kssl: 3, shuzhong: '马尾松', dcfs: '地面调查', ...fields },
  ...over,
});

/** The demo's records test bed: a test app, its accounts signed into their projects, a photo. */
export type RecordsBed = {
  t: TestApp;
  /** The system administrator. */
  sys: string;
  /** demo_admin in KH2026 and in JS2026. */
  admin: string;
  adminJs: string;
  /** The supervisor (a reviewer), the section manager of KH-BD01, the field worker (every section). */
  jianli: string;
  bd: string;
  worker: string;
  /** A photo of KH2026 uploaded by the worker. */
  photoId: string;
  /** Sends a batch to /api/collect/records and answers the envelope as it is. */
  collect: (token: string, records: unknown[]) => Promise<Envelope<{ results: CollectResult[] }>>;
  /** queryDataList of the survey table, first page of 10 unless `body` says otherwise. */
  list: (token: string, body: Record<string, unknown>) => Promise<Envelope<QueryDataListValue>>;
};

/** A fresh test app with the demo loaded and the records test bed's accounts signed in. */
export async function recordsBed(): Promise<RecordsBed> {
  const t = await createTestApp({ demo: true });
  const sys = await t.initAdmin({ demo: true });
  const select = async (token: string, prjCode: string) => {
    const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode } });
    if (res.code !== 0) throw new Error(res.message);
    return token;
  };
  const admin = await select(await t.signIn('demo_admin', 'pine2026'), 'KH2026');
  const adminJs = await select(await t.signIn('demo_admin', 'pine2026'), 'JS2026');
  const jianli = await select(await t.signIn('demo_jianli', 'pine2026'), 'KH2026');
  const bd = await select(await t.signIn('demo_bd', 'pine2026'), 'KH2026');
  const worker = await select(await t.signIn('demo_worker', 'pine2026', 1), 'KH2026');
  // These tests collect in every section of KH2026 (the section rule: sectionAccess.test.ts).
  await assignSections(t, 'demo_worker', 'KH2026');
  const photoId = await uploadPhoto(t, worker);
  return {
    t,
    sys,
    admin,
    adminJs,
    jianli,
    bd,
    worker,
    photoId,
    collect: (token, records) =>
      t.api<{ results: CollectResult[] }>('POST', '/api/collect/records', { token, body: { records } }),
    list: (token, body) =>
      t.api<QueryDataListValue>('POST', '/api/sync/queryDataList', {
        token,
        body: { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 10, ...body },
      }),
  };
}
