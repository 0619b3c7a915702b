import { buffer } from 'node:stream/consumers';
import { clientPasswordHash, type InitStatusValue, STUMP_LIMIT_CM } from '@pineguard/contract';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { jobs, records } from '../../db/schema/index.ts';
import { enqueueJob, runDueJobs } from '../../platform/jobs.ts';
import { photoFacts } from '../files/index.ts';
import { loadDemo } from '../../seed/load.ts';
import { buildDemoPlan } from '../../seed/plan.ts';
import { DEMO_JOB, DEMO_JOB_KEY, type DemoJobParams, demoJobOptions } from './demo.ts';
import { plantedInDemo } from './index.ts';
// Registers the demo load's job kind, as the server's main.ts does through the feature's index.
import './jobs.ts';

/** The demo at a twentieth of its size: the same rules, ~190 records, a few seconds. */
const SCALE = 0.05;

type Row = Record<string, unknown>;

describe('first run with demo data: the background load', () => {
  let t: TestApp;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.deps.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const status = async () => (await t.api<InitStatusValue>('GET', '/api/system/init')).value;
  const params = async () => {
    const [job] = await t.deps.database.db.select().from(jobs).where(eq(jobs.kind, DEMO_JOB));
    return job!.params as DemoJobParams;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers at once with the administrator made and the load queued, reported by GET /api/system/init', async () => {
    const res = await t.api<{ account: string; demoLoading: boolean }>('POST', '/api/system/init', {
      body: {
        account: 'admin',
        password: clientPasswordHash('admin123'),
        name: '管理员',
        demo: true,
        demoScale: SCALE,
      },
    });
    expect(res.value).toEqual({ account: 'admin', demoLoading: true });
    // The administrator and the README's accounts can sign in while the rest loads.
    await t.signIn('admin', 'admin123');
    await t.signIn('demo_jianli', 'pine2026');
    expect(await status()).toEqual({
      initialised: true,
      demo: { state: 'queued', phase: 'accounts', done: 0, total: 0, error: null },
    });
    expect((await t.deps.database.db.select({ n: count() }).from(records))[0]?.n).toBe(0);
  });

  it('resumes a load cut off half-way: the job stores the rest, each record once, and reports its progress to the end', async () => {
    const options = demoJobOptions(await params());
    const plan = buildDemoPlan(options);
    // An attempt dies after about a third of the records (as a killed instance would).
    const cut = loadDemo(t.deps, options, async (p) => {
      if (p.phase === 'records' && p.done > plan.records.length / 3) throw new Error('killed');
    });
    await expect(cut).rejects.toThrow('killed');
    const [part] = await t.deps.database.db.select({ n: count() }).from(records);
    expect(part!.n).toBeGreaterThan(0);
    expect(part!.n).toBeLessThan(plan.records.length);

    const seen: NonNullable<InitStatusValue['demo']>[] = [];
    let running = true;
    const watch = (async () => {
      while (running) {
        const s = await status();
        if (s.demo) seen.push(s.demo);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await runDueJobs(t.deps);
    running = false;
    await watch;
    const end = (await status()).demo!;
    expect(end).toMatchObject({ state: 'done', phase: 'done', error: null });
    expect(end.done).toBe(end.total);
    const during = seen.filter((s) => s.state === 'running' && s.total > 0);
    expect(during.length).toBeGreaterThan(0);
    expect(during.some((s) => s.done < s.total)).toBe(true);
    expect(during.map((s) => s.done)).toEqual([...during.map((s) => s.done)].sort((a, b) => a - b));

    const [all] = await t.deps.database.db.select({ n: count() }).from(records);
    expect(all!.n).toBe(plan.records.length);
  }, 180_000); // the whole demo at SCALE: ~30 s quiet, past 60 s on a loaded 2-core machine

  it('stores what adds up: integer counts, every felling tagged from its section’s batch, realistic pines', async () => {
    const planted = await plantedInDemo(t.deps.database.db);
    const stumpHigh = new Set(planted.filter((a) => a.kind === 'stump_high').map((a) => a.recordId));
    const foreignTag = new Set(
      planted
        .filter((a) => a.kind === 'tag_unknown' || a.kind === 'tag_other_project')
        .map((a) => a.recordId),
    );
    const fellings = await rows(sql`
      select r.id, r.section_code, r.fields, f.section_code as batch_section
        from records r
        left join qr_tags q on q.code = r.fields ->> 'qrcode' and q.project_code = r.project_code
        left join qr_flags f on f.id = q.flag_id
       where r.table_code = 'gbcfcz0101'`);
    expect(fellings.length).toBeGreaterThan(50);
    for (const r of fellings) {
      const f = r.fields as Row;
      expect(typeof f.qrcode === 'string' && f.qrcode.length > 0).toBe(true);
      if (!foreignTag.has(r.id as string)) expect(r.batch_section, String(f.qrcode)).toBe(r.section_code);
      expect(f.xiongjing).toBeGreaterThanOrEqual(10);
      expect(f.xiongjing).toBeLessThanOrEqual(40);
      expect(f.shugao).toBeGreaterThanOrEqual(6);
      expect(f.shugao).toBeLessThanOrEqual(20);
      if (!stumpHigh.has(r.id as string)) expect(f.dungao).toBeLessThanOrEqual(STUMP_LIMIT_CM);
      else expect(f.dungao).toBeGreaterThan(STUMP_LIMIT_CM);
    }
    const counts = await rows(sql`
      select table_code, fields from records
       where table_code = 'gbksdc0101' or (table_code = 'gbymfs0101' and fields ->> 'jldw' = '株')`);
    for (const r of counts) {
      const f = r.fields as Row;
      const n = r.table_code === 'gbksdc0101' ? f.kssl : f.yimushuliang;
      expect(Number.isInteger(n), JSON.stringify(f)).toBe(true);
      // A burn in 株 counts exactly the tags it lists; one in 吨 or 立方米 lists none.
      if (r.table_code === 'gbymfs0101') expect(String(f.multi_qrcode).split(',')).toHaveLength(n as number);
    }
    const bulk = await rows(sql`
      select fields from records where table_code = 'gbymfs0101' and fields ->> 'jldw' <> '株'`);
    expect(bulk.length).toBeGreaterThan(0);
    for (const r of bulk) expect((r.fields as Row).multi_qrcode ?? '').toBe('');
  });

  it('has each record collected by a field worker assigned to its section, and burnt no more than was felled per section', async () => {
    const strays = await rows(sql`
      select r.id, u.account, r.section_code, r.state from records r join users u on u.id = r.collector_id
       where not exists (select 1 from user_sections s
                          where s.user_id = r.collector_id and s.project_code = r.project_code
                            and s.section_code = r.section_code)
          or not exists (select 1 from user_project_roles g join roles o on o.id = g.role_id
                          where g.user_id = r.collector_id and g.project_code = r.project_code
                            and o.code = 'worker')`);
    expect(strays).toEqual([]);
    const sections = await rows(sql`
      select project_code, section_code,
             count(*) filter (where table_code = 'gbcfcz0101')::int as felled,
             coalesce(sum((fields ->> 'yimushuliang')::numeric)
               filter (where table_code = 'gbymfs0101' and fields ->> 'jldw' = '株'), 0)::int as burned
        from records where state <> '40' and deleted_at is null
       group by project_code, section_code order by 1, 2`);
    expect(sections).toHaveLength(6);
    for (const s of sections)
      expect(s.felled as number, String(s.section_code)).toBeGreaterThanOrEqual(s.burned as number);
    // The reviews: most approved, some sent back, copies rejected, the planted ones left waiting.
    const states = Object.fromEntries(
      (await rows(sql`select state, count(*)::int as n from records group by state`)).map((r) => [
        r.state,
        r.n,
      ]),
    );
    expect(states['20']).toBeGreaterThan(states['10'] as number);
    expect(states['30']).toBeGreaterThan(0);
    expect(states['40']).toBeGreaterThan(0);
    const planted = await plantedInDemo(t.deps.database.db);
    const ids = [...new Set(planted.map((a) => a.recordId))];
    const waiting = await rows(sql`select id, state from records where id in ${ids}`);
    expect(waiting).toHaveLength(ids.length);
    expect(waiting.filter((r) => r.state !== '10')).toEqual([]);
  });

  it('keeps the census records and the dead-tree lists in step, per sub-compartment', async () => {
    const mismatch = await rows(sql`
      with listed as (select project_code, xiaoban_code, count(*)::int as n from dead_trees group by 1, 2),
           counted as (select project_code, gps_xiaoban as xiaoban_code, sum((fields ->> 'kssl')::int)::int as n
                         from records where table_code = 'gbksdc0101' and state <> '40' group by 1, 2)
      select * from listed l full join counted c using (project_code, xiaoban_code)
       where l.n is distinct from c.n`);
    expect(mismatch).toEqual([]);
    // A tree of the list is felled exactly when its felling record is stored.
    const [felled] = await rows(sql`select count(*)::int as n from dead_trees where state = 1`);
    const [fellings] = await rows(
      sql`select count(*)::int as n from records where table_code = 'gbcfcz0101'`,
    );
    expect(felled!.n).toBe(fellings!.n);
  });

  it('gives each record its own photos, taken minutes before it where it was made (EXIF read back)', async () => {
    const sample = await rows(sql`
      select r.time_submit, r.gps_long, r.gps_lat, f.id, f.storage_key, f.taken_at
        from records r cross join lateral jsonb_array_elements_text(r.fields -> 'pic_stump') p(id)
        join files f on f.id = p.id::uuid
       where r.table_code = 'gbcfcz0101' order by r.id limit 5`);
    expect(sample).toHaveLength(5);
    for (const r of sample) {
      const facts = await photoFacts(await buffer(await t.deps.storage.get(r.storage_key as string)));
      const before = new Date(r.time_submit as string).getTime() - facts.takenAt!.getTime();
      expect(before).toBeGreaterThan(60_000);
      expect(before).toBeLessThan(20 * 60_000);
      expect(facts.exifLong!).toBeCloseTo(r.gps_long as number, 4);
      expect(facts.exifLat!).toBeCloseTo(r.gps_lat as number, 4);
      expect(facts.takenAt!.getTime()).toBe(new Date(r.taken_at as string).getTime());
    }
    const [unshared] = await rows(sql`
      select count(*)::int as n, count(distinct p.id)::int as distinct_n
        from records r cross join lateral jsonb_array_elements_text(r.fields -> 'pic_before') p(id)`);
    expect(unshared!.n).toBe(unshared!.distinct_n);
  });

  it('changes nothing when loaded again, and a second enqueue answers the finished job', async () => {
    const snapshot = async () =>
      rows(sql`select
        (select count(*) from records)::int as records, (select count(*) from record_history)::int as history,
        (select count(*) from files)::int as files, (select count(*) from qr_tags)::int as tags,
        (select count(*) from users)::int as users, (select count(*) from user_sections)::int as assigned,
        (select count(*) from safety_records)::int as safety, (select count(*) from notices)::int as notices,
        (select coalesce(sum(n), 0) from record_counts)::int as counted`);
    const before = await snapshot();
    const again = await loadDemo(t.deps, demoJobOptions(await params()));
    expect(again.reviewed).toBe(0);
    expect(again.safety).toBe(0);
    expect(await snapshot()).toEqual(before);
    const job = await enqueueJob(t.deps, {
      kind: DEMO_JOB,
      projectCode: null,
      userId: null,
      params: {},
      uniqueKey: DEMO_JOB_KEY,
    });
    expect(job.status).toBe('done');
    expect(await runDueJobs(t.deps)).toBe(0);
  }, 60_000);
});
