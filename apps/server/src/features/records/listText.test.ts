import { queryDataListBody, type QueryDataListValue } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../platform/auth.ts';
import { rowsOf } from '../../platform/sql.ts';
import type { TestApp } from '../../../test/app.ts';
import { census, fellingFields, recordsBed } from '../../../test/records.ts';
import { list, type MediaSigner } from './list.ts';
import { listJson } from './listJson.ts';
import { listText, RowsJson } from './listText.ts';

/**
 * The list's answer with rows written as JSON text (listText) is, byte for byte, the answer
 * list() gives with rows as objects, on every table of the demo and on rows made to be awkward:
 * text to escape, coordinates at the edges of float8's text, a time in a five-digit year, form
 * fields named like fixed columns, like array indexes, like the keys written after the fields.
 */
describe('records: the list answer written as JSON text', () => {
  let t: TestApp;
  let auth: AuthContext;
  const sign: MediaSigner = (id, variant) => ({ url: `/m/${variant}/${id}?s="x"`, expiresAt: '' });
  const serialise = listJson({} as never);
  const answer = (value: QueryDataListValue) => serialise({ code: 0, message: '成功', value });

  beforeAll(async () => {
    const bed = await recordsBed();
    t = bed.t;
    const [admin] = rowsOf<{ id: string }>(
      await t.deps.database.db.execute(sql`select id from users where account = 'demo_admin'`),
    );
    auth = {
      sessionId: 'test',
      userId: admin!.id,
      account: 'demo_admin',
      isSuperAdmin: true,
      projectCode: 'KH2026',
      roleId: null,
      roleCodes: [],
      permissions: new Set(),
    };
    const db = t.deps.database.db;
    const at = (month: number, day: number) => new Date(Date.UTC(2026, month - 1, day, 2)).toISOString();
    // Surveys of June 1–4 and May 1–4, then made awkward in the database: coordinates past what
    // the API takes, form fields the API would refuse (as a migration or an old client left them).
    const days = [...[1, 2, 3, 4].map((d) => at(6, d)), ...[1, 2, 3, 4].map((d) => at(5, d))];
    const batch = days.map((timeSubmit) => census({ timeSubmit }, { pic_tree: [bed.photoId] }));
    const felling = [1, 2, 3].map((d) => ({
      ...census({ tableCode: 'gbcfcz0101', timeSubmit: at(7, d) }),
      fields: fellingFields(bed.photoId),
    }));
    const res = await bed.collect(bed.worker, [...batch, ...felling]);
    expect(
      res.value.results.map((r) => r.status),
      JSON.stringify(res),
    ).toEqual([...batch, ...felling].map(() => 'created'));
    const odd: [
      number,
      { long: number; lat: number; alt: number; range: number },
      Record<string, unknown>,
    ][] = [
      [
        0,
        { long: 118, lat: 0, alt: -12.5, range: 1e-5 },
        { beizhu: '引号" 反斜杠\\ 换行\n 制表\t \u0001', kssl: 2 },
      ],
      [1, { long: 118.123456789012, lat: 29.1, alt: 1e-7, range: 5 }, { beizhu: 'far edit' }],
      [2, { long: 118.41, lat: 29.14, alt: 123456789012345, range: 5 }, { pic_tree: '', kssl: 0.1 }],
      [3, { long: 118.41, lat: 29.14, alt: 0.0001, range: 99999999999999.9 }, { pic_tree: 'a,b', kssl: 3 }],
      [4, { long: 118.41, lat: 29.14, alt: 300, range: 5 }, { gps_xiang: '影子', kssl: 2, 甲: '乙' }],
      [5, { long: 118.41, lat: 29.14, alt: 300, range: 5 }, { '1': 'index', kssl: 3 }],
      [6, { long: 118.41, lat: 29.14, alt: 300, range: 5 }, { thumbUrl: 'x', kssl: 4 }],
      [
        7,
        { long: 118.41, lat: 29.14, alt: 300, range: 5 },
        { nested: { b: 1, a: [1, 'x', null, true] }, kssl: 1e21, big: 123456789012345680 },
      ],
    ];
    for (const [i, gps, fields] of odd) {
      await db.execute(sql`update records set fields = ${JSON.stringify(fields)}::jsonb,
        gps_long = ${gps.long}, gps_lat = ${gps.lat}, gps_alt = ${gps.alt}, gps_range = ${gps.range},
        gps_xiang = ${'乡"' + i}, state_reason = ${i % 2 ? null : '理由\u2028'} where id = ${batch[i]!.uuid}`);
    }
    // An edit time no form of 'YYYY-MM-DD HH:MM:SS' can say (as a clock gone wrong left it).
    await db.execute(
      sql`update records set time_edit = '10000-01-02 03:04:05.678+00' where id = ${batch[1]!.uuid}`,
    );
    // A burn record naming a burn point the project does not have (its row gets fsd_flag).
    await db.execute(sql`insert into records select * from jsonb_populate_record(null::records,
      (select to_jsonb(r) || jsonb_build_object('id', gen_random_uuid(), 'table_code', 'gbymfs0101',
        'fields', jsonb_build_object('fsd', '无此焚烧点', 'yimushuliang', 3)) from records r where id = ${batch[7]!.uuid}))`);
  });
  afterAll(() => t.close());

  async function same(body: Record<string, unknown>) {
    const parsed = queryDataListBody.parse(body);
    const text = await listText(t.deps, auth, 'KH2026', parsed, sign);
    const objects = await list(t.deps, auth, 'KH2026', parsed, sign);
    expect(answer(text)).toBe(answer(objects));
    return text;
  }

  it('answers every table, page after page, exactly as the row objects do', async () => {
    const tables = rowsOf<{ code: string }>(
      await t.deps.database.db.execute(
        sql`select distinct table_code as code from records where project_code = 'KH2026' order by 1`,
      ),
    );
    expect(tables.map((r) => r.code)).toEqual(['gbcfcz0101', 'gbksdc0101', 'gbymfs0101']);
    let text = 0;
    for (const { code } of tables) {
      let body: Record<string, unknown> = { prjStandCode: code, pageNum: 1, pageSize: 2 };
      for (let page = 1; page <= 3; page++) {
        const value = await same(body);
        if (value.result.list instanceof RowsJson) text++;
        if (!value.result.nextCursor) break;
        body = { ...body, pageNum: page + 1, cursor: value.result.nextCursor };
      }
      await same({ prjStandCode: code, pageNum: 2, pageSize: 2, sort: 'time_update asc' });
      await same({ prjStandCode: code, deleted: true });
    }
    // The text path answered the plain pages (the burn table's among them, its flag included).
    expect(text).toBeGreaterThanOrEqual(tables.length);
    const burns = await same({ prjStandCode: 'gbymfs0101' });
    expect((burns.result.list as unknown as RowsJson).text).toContain('"fsd_flag":"unknown"');
  });

  it('answers awkward rows exactly, the text way where it can and the object way where it cannot', async () => {
    const survey = { prjStandCode: 'gbksdc0101', pageSize: 50 };
    const june = await same({ ...survey, begin: '2026-06-01', end: '2026-06-30' });
    // A time in a five-digit year has no 'YYYY-MM-DD' text: that page went the object way.
    expect(Array.isArray(june.result.list)).toBe(true);
    expect(JSON.stringify(june.result.list)).toContain('"time_edit":"10000-01-02 11:04:05"');
    const plain = await same({ ...survey, begin: '2026-06-03', end: '2026-06-30' });
    expect(plain.result.list).toBeInstanceOf(RowsJson);
    expect((plain.result.list as unknown as RowsJson).text).toContain('"gps_long":"118.41"');
    const escaped = await same({ ...survey, begin: '2026-06-01', end: '2026-06-01' });
    expect(escaped.result.list).toBeInstanceOf(RowsJson);
    // Coordinates are written by one function both ways, past float8's plain text too.
    expect((escaped.result.list as unknown as RowsJson).text).toContain('"gps_range":"0.00001"');
    const shadow = await same({ ...survey, begin: '2026-05-01', end: '2026-05-01' });
    expect(shadow.result.list).toBeInstanceOf(RowsJson);
    for (const day of ['2026-05-02', '2026-05-03']) {
      const moved = await same({ ...survey, begin: day, end: day });
      expect(Array.isArray(moved.result.list)).toBe(true);
    }
    const nested = await same({ ...survey, begin: '2026-05-04', end: '2026-05-04' });
    expect(nested.result.list).toBeInstanceOf(RowsJson);
    await same({ ...survey, begin: '2026-05-01', end: '2026-06-30', keyWords: '乡' });
    await same({ ...survey, keyWords: '马尾松' });
  });
});
