import { clientPasswordHash } from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { operations, sample, send } from '../../test/openapi.ts';
import { extras, filters, type Kind, kindOf, plain, refused } from './cross-project.fields.ts';

/**
 * The cross-project sweep, generated from the route table and the OpenAPI document: a caller who
 * administers project A (KH2026) only names project B's (JS2026) data in every field that refers
 * to a project or an object — the project code, and the ids of B's users, roles, sections,
 * records, workers, files and invitation codes. Every such call must be refused (40300 or 40400),
 * and B's rows must be the same afterwards. A field that looks like a reference but is not mapped
 * in cross-project.fields.ts fails the sweep with the route and field named, so a new route
 * cannot slip past it.
 */

type Row = Record<string, unknown>;

describe('cross-project sweep generated from the route table', () => {
  let t: TestApp;
  let tokenA: string;
  const b = {} as Record<Kind, string | number>;

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.deps.database.db.execute(query)) as unknown as { rows: Row[] }).rows;

  /** Every row of B, as text, for a before/after comparison. */
  const snapshotB = async () => {
    const out: Record<string, string[]> = {};
    const byProject = [
      'sections',
      'records',
      'record_counts',
      'workers',
      'files',
      'invitations',
      'roles',
      'user_project_roles',
      'project_measures',
      'notices',
      'qr_flags',
      'qr_tags',
      'safety_records',
    ];
    for (const table of byProject) {
      out[table] = (
        await rows(
          sql`select to_jsonb(t)::text as j from ${sql.identifier(table)} t where project_code = 'JS2026' order by 1`,
        )
      ).map((r) => String(r.j));
    }
    const related: Record<string, ReturnType<typeof sql>> = {
      projects: sql`select to_jsonb(t)::text as j from projects t where code = 'JS2026' order by 1`,
      users: sql`select to_jsonb(u)::text as j from users u where id in (select user_id from user_project_roles where project_code = 'JS2026') order by 1`,
      record_history: sql`select to_jsonb(h)::text as j from record_history h join records r on r.id = h.record_id where r.project_code = 'JS2026' order by 1`,
      worker_faces: sql`select to_jsonb(f)::text as j from worker_faces f join workers w on w.id = f.worker_id where w.project_code = 'JS2026' order by 1`,
      worker_history: sql`select to_jsonb(h)::text as j from worker_history h join workers w on w.id = h.worker_id where w.project_code = 'JS2026' order by 1`,
      safety_attendees: sql`select to_jsonb(a)::text as j from safety_attendees a join safety_records r on r.id = a.record_id where r.project_code = 'JS2026' order by 1`,
      role_menus: sql`select to_jsonb(m)::text as j from role_menus m join roles r on r.id = m.role_id where r.project_code = 'JS2026' order by 1`,
    };
    for (const [name, query] of Object.entries(related))
      out[name] = (await rows(query)).map((r) => String(r.j));
    return out;
  };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    const admin = await t.initAdmin({ demo: true });
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    const roles = await t.api<{ id: number; code: string }[]>('GET', '/api/common/role', { token: admin });
    const projectAdmin = roles.value.find((r) => r.code === 'project_admin')!.id;
    // A: an administrator of KH2026 only.
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'KH2026' } });
    const addA = await t.api('POST', '/api/user/addUser', {
      token: admin,
      body: {
        account: 'xp_admin_a',
        password: clientPasswordHash('xp123456'),
        name: '甲项目管理员',
        roleIds: [projectAdmin],
      },
    });
    expect(addA.code).toBe(0);
    // B's objects, made by the super administrator in JS2026.
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'JS2026' } });
    const addB = await t.api('POST', '/api/user/addUser', {
      token: admin,
      body: {
        account: 'xp_user_b',
        password: clientPasswordHash('xp123456'),
        name: '乙项目用户',
        roleIds: [projectAdmin],
      },
    });
    expect(addB.code).toBe(0);
    // A role of B's own (the super administrator's roles are global): made by B's administrator.
    const tokenB = await t.signIn('xp_user_b', 'xp123456');
    await t.api('POST', '/api/user/selectProject', { token: tokenB, body: { prjCode: 'JS2026' } });
    const role = await t.api('POST', '/api/auth/updateRole', {
      token: tokenB,
      body: { name: '乙项目角色', permissions: ['records.read'], menuIds: [] },
    });
    expect(role.code).toBe(0);
    const invite = await t.api('POST', '/api/user/insertInvite', {
      token: tokenB,
      body: { roleId: projectAdmin },
    });
    expect(invite.code).toBe(0);
    const tagBatch = await t.api<{ flagId: number }>('POST', '/api/qrInfo/add', {
      token: tokenB,
      body: { flagName: '乙项目批次', count: 3 },
    });
    expect(tagBatch.code, tagBatch.message).toBe(0);
    b.qrFlag = tagBatch.value.flagId;
    const form = new FormData();
    // A minimal JPEG: start of image, JFIF header, end of image.
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'b.jpg');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: tokenB },
      payload: form,
    });
    expect(upload.json().code, upload.body).toBe(0);
    const record = await t.api('POST', '/api/sync/uploadData4PC', {
      token: tokenB,
      body: {
        tbName: 'gbksdc0101',
        data: {
          code_project4: 'JS-BD01',
          time_submit: new Date().toISOString(),
          gps_long: 118.5,
          gps_lat: 28.6,
          kssl: 1,
          shuzhong: '黑松',
          dcfs: '无人机',
          pic_tree: [upload.json().value.id],
        },
      },
    });
    expect(record.code, record.message).toBe(0);
    const one = async (query: ReturnType<typeof sql>) => (await rows(query))[0]!;
    b.project = 'JS2026';
    b.user = String((await one(sql`select id from users where account = 'xp_user_b'`)).id);
    b.role = Number(
      (await one(sql`select id from roles where project_code = 'JS2026' order by id desc limit 1`)).id,
    );
    const section = await one(
      sql`select id, code from sections where project_code = 'JS2026' order by code limit 1`,
    );
    b.section = String(section.id);
    b.sectionCode = String(section.code);
    b.record = String((await one(sql`select id from records where project_code = 'JS2026' limit 1`)).id);
    const worker = await one(sql`select id, id_number from workers where project_code = 'JS2026' limit 1`);
    b.worker = String(worker.id);
    b.workerIdNumber = String(worker.id_number);
    b.file = String((await one(sql`select id from files where project_code = 'JS2026' limit 1`)).id);
    b.burnPoint = String(
      (await one(sql`select id from burn_points where project_code = 'JS2026' limit 1`)).id,
    );
    const safety = await t.api<{ id: string }>('POST', '/api/safe/save', {
      token: tokenB,
      body: { kind: 'briefing', topic: '乙项目安全交底', heldOn: '2026-05-01', attendeeIds: [b.worker] },
    });
    expect(safety.code, safety.message).toBe(0);
    b.safetyRecord = safety.value.id;
    // Issue 30 and 32 objects of B, stored as their features store them.
    const userB = b.user;
    b.anomaly = String(
      (
        await one(sql`insert into anomalies (project_code, record_id, table_code, section_code, day, kind)
          values ('JS2026', ${b.record}::uuid, 'gbksdc0101', ${b.sectionCode}, current_date, 'photo_time') returning id`)
      ).id,
    );
    b.acceptanceSample = String(
      (
        await one(sql`insert into acceptance_samples (project_code, seed, share_pct, begin, "end", table_codes,
            section_codes, strata, population, drawn, created_by)
          values ('JS2026', 'b', 10, current_date - 30, current_date, array['gbcfcz0101'], array[${b.sectionCode}],
            '[]'::jsonb, 1, 1, ${userB}::uuid) returning id`)
      ).id,
    );
    await rows(sql`insert into acceptance_draws (sample_id, section_code, record_ids)
      values (${b.acceptanceSample}::uuid, ${b.sectionCode}, array[${b.record}::uuid])`);
    b.orthophoto = String(
      (
        await one(sql`insert into drone_orthophotos (project_code, name, size, part_size, part_count, created_by)
          values ('JS2026', 'b.tif', 1, 1, 1, ${userB}::uuid) returning id`)
      ).id,
    );
    b.droneCandidate = String(
      (
        await one(sql`insert into drone_candidates (project_code, orthophoto_id, lng, lat, px, py, area_m2, score, state, section_code)
          values ('JS2026', ${b.orthophoto}::uuid, 118.5, 28.6, 1, 1, 4, 0.9, 'open', ${b.sectionCode}) returning id`)
      ).id,
    );
    b.roleFilter = b.role;
    b.sectionFilter = b.sectionCode;
    b.invitation = String(
      (await one(sql`select id from invitations where project_code = 'JS2026' limit 1`)).id,
    );
    tokenA = await t.signIn('xp_admin_a', 'xp123456');
    const selected = await t.api('POST', '/api/user/selectProject', {
      token: tokenA,
      body: { prjCode: 'KH2026' },
    });
    expect(selected.code).toBe(0);
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses A on every route that names B (40300/40400) and leaves B unchanged', async () => {
    const before = await snapshotB();
    const uncovered: string[] = [];
    const failures: string[] = [];
    let probes = 0;
    for (const op of operations(t.app)) {
      const { method, path } = op;
      // Public routes take no session (sign-in, registration, signed media links); the caller's
      // own session is not B's data.
      if (op.access === 'public' || /loginOut|selectProject/.test(path)) continue;
      const refs: { where: string; name: string; kind: Kind }[] = [];
      for (const f of op.fields) {
        const kind = kindOf(method, path, f.name);
        if (kind === undefined) uncovered.push(`${method} ${path} ${f.where}:${f.name}`);
        else if (kind !== 'none') refs.push({ where: f.where, name: f.name, kind });
      }
      // One probe per reference: that field names B, every other field is plausible and A's.
      for (const ref of refs) {
        const values: Record<string, unknown> = { ...extras[`${method} ${path}`]?.(ref.name) };
        for (const f of op.fields) {
          if (f.name === ref.name) values[f.name] = f.schema?.type === 'array' ? [b[ref.kind]] : b[ref.kind];
          else if (f.required) values[f.name] = sample(f.schema, f.name, plain);
        }
        const res = await send(t.app, op, values, tokenA);
        probes++;
        const json = /json/.test(String(res.headers['content-type']))
          ? res.json()
          : { code: 0, message: '(a file)' };
        const label = `${method} ${path} ${ref.where}:${ref.name}=B's ${ref.kind} → ${res.statusCode} ${json.code} ${json.message}`;
        if (filters.includes(ref.kind)) {
          // A filter may answer; what it answers holds none of B's objects.
          const leaked = [b.user, b.record, b.worker, b.file, b.invitation, 'JS2026'].filter((m) =>
            res.body.includes(String(m)),
          );
          if (leaked.length) failures.push(`${label} — holds B's ${leaked.join(', ')}`);
          if (res.statusCode >= 500) failures.push(label);
        } else if (!refused(json.code, json.message)) failures.push(label);
      }
    }
    expect(uncovered, 'fields that look like references but are not mapped in kindOf()').toEqual([]);
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(40);
    expect(await snapshotB()).toEqual(before);
  }, 120_000);
});
