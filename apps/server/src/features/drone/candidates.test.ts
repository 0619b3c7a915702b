import { gunzipSync } from 'node:zlib';
import { candidateRows, type DroneCandidateColumns, type Envelope } from '@pineguard/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { signInTo } from '../../../test/records.ts';
import { droneCandidates, droneOrthophotos, users } from '../../db/schema/index.ts';
import { COMPRESS_FROM } from './jsonReply.ts';

/**
 * The map's candidate list (issue 32: 10,000 on the map ≤ 1 s, fetch included): one array a field,
 * built by the database, best score first, gzipped when large and the client takes gzip.
 */
describe('the candidates answer, column by column', () => {
  let t: TestApp;
  let admin: string;
  const id = '00000000-0000-4000-8000-00000000c011';
  const N = 1500;

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await signInTo(t, 'demo_admin', 'KH2026');
    const { db } = t.deps.database;
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'demo_admin'));
    await db.insert(droneOrthophotos).values({
      id,
      projectCode: 'KH2026',
      name: 'cols.tif',
      state: 'ready',
      size: 1,
      partSize: 1,
      partCount: 1,
      createdBy: owner!.id,
    });
    const rows = Array.from({ length: N }, (_, i) => ({
      projectCode: 'KH2026',
      orthophotoId: id,
      lng: 118.3 + i * 1e-6 + 1.23456789e-9,
      lat: 29.2 - i * 1e-6,
      px: i,
      py: 2 * i,
      areaM2: 5 + (i % 40),
      // Scores out of order, two of them equal (then the id decides).
      score: Math.round((((i * 7919) % N) / N) * 1000) / 1000,
      state: i % 10 === 0 ? ('dropped' as const) : ('candidate' as const),
      sectionCode: 'KH-BD01',
    }));
    for (let i = 0; i < N; i += 500) await db.insert(droneCandidates).values(rows.slice(i, i + 500));
  }, 180_000);
  afterAll(() => t.close());

  const get = (minScore: number, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/drone/orthophotos/${id}/candidates?minScore=${minScore}`,
      headers: { token: admin, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('answers every field as an array of the same length, best score first, positions to 1 cm', async () => {
    const res = await get(0.5);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    const body = res.json() as Envelope<DroneCandidateColumns>;
    expect(body.code).toBe(0);
    const c = body.value;
    const expected = Array.from(
      { length: N },
      (_, i) => Math.round((((i * 7919) % N) / N) * 1000) / 1000,
    ).filter((s) => s >= 0.5).length;
    expect(c.count).toBe(expected);
    expect(c.truncated).toBe(false);
    for (const k of ['id', 'lng', 'lat', 'px', 'py', 'areaM2', 'score', 'state', 'sectionCode'] as const)
      expect(c[k], k).toHaveLength(expected);
    expect(c.score.every((s, i) => s >= 0.5 && (i === 0 || s <= c.score[i - 1]!))).toBe(true);
    const rows = candidateRows(c);
    // Each row's fields belong together: py = 2 px was seeded, and px gives back its position.
    expect(rows.every((r) => r.py === 2 * r.px && Math.abs(r.lng - (118.3 + r.px * 1e-6)) < 1e-7)).toBe(true);
    expect(rows.some((r) => r.state === 'dropped')).toBe(true);
    expect(String(c.lng[0]).split('.')[1]!.length).toBeLessThanOrEqual(7);
  });

  it('is gzipped when large and asked for, the same JSON once unpacked', async () => {
    const plain = await get(0);
    expect(plain.body.length).toBeGreaterThan(COMPRESS_FROM);
    const packed = await get(0, 'gzip, deflate, br');
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['vary']).toMatch(/accept-encoding/i);
    const raw = packed.rawPayload;
    expect(raw.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(raw).toString('utf8')).toBe(plain.body);
    expect((JSON.parse(plain.body) as Envelope<DroneCandidateColumns>).value.count).toBe(N);
  });

  it('a small answer goes unpacked; an unknown orthophoto is a clear 404-like error', async () => {
    const small = await get(0.999, 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect((small.json() as Envelope<DroneCandidateColumns>).value.count).toBeLessThan(5);
    const none = await t.api(
      'GET',
      `/api/drone/orthophotos/00000000-0000-4000-8000-0000000000ff/candidates`,
      {
        token: admin,
      },
    );
    expect(none.code).not.toBe(0);
  });
});
