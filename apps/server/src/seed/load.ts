import type { DemoLoadPhase } from '@pineguard/contract';
import { and, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { recordHistory, records, roles, users } from '../db/schema/index.ts';
import { checkNow } from '../features/evidence/run.ts';
import { examine, type IncomingRecord, ingest } from '../features/records/service.ts';
import type { AuthContext } from '../platform/auth.ts';
import { AppError } from '../platform/errors.ts';
import type { AppDeps } from '../platform/deps.ts';
import { demoFieldWorkers, demoSupervisors } from './demo.ts';
import { storeDemoOutlines } from './outlines.ts';
import { storeDemoPhotos } from './photos.ts';
import { buildDemoPlan } from './plan.ts';
import { evidenceToCheck } from './plantedEvidence.ts';
import type { DemoOptions, PlannedRecord, Review } from './plan-model.ts';
import { storeTagBatch } from './qrTags.ts';
import { seedDemoSafety } from './safety.ts';
import { seedDemoStaff } from './staff.ts';

export type DemoProgress = { phase: DemoLoadPhase; done: number; total: number };
export type DemoLoadResult = DemoProgress & { records: number; reviewed: number; safety: number; ms: number };

/**
 * Loads the demo's records and everything around them into a database that has the base demo
 * (initialisation's projects, accounts, workers, census and burn points): the field-worker
 * accounts and the sections' outlines (outlines.ts), a tag batch per section, every planned
 * record with its photos through the records' ingestion (validation, rollups and the checks
 * after each write, as an upload from the field app), the supervisor's review, and the safety ledger. Every step skips what is stored already,
 * so a run cut off half-way and run again (the job's retry) stores each row once, and a second
 * run changes nothing. `report` hears the progress (the job keeps it for GET /api/system/init).
 */
export async function loadDemo(
  deps: AppDeps,
  options: DemoOptions,
  report: (p: DemoProgress) => Promise<void> = async () => {},
): Promise<DemoLoadResult> {
  const started = performance.now();
  const { db } = deps.database;
  const plan = buildDemoPlan(options);
  const reviews = plan.records.filter((r) => r.review);
  const total = 1 + plan.sections.length * 2 + plan.records.length + reviews.length;
  let done = 0;
  const step = async (phase: DemoLoadPhase, n = 0) => {
    done += n;
    await report({ phase, done: Math.min(done, total), total });
  };

  await step('accounts');
  await db.transaction(async (tx) => {
    await seedDemoStaff(tx, options.today);
    await storeDemoOutlines(tx);
  });
  const people = await accounts(db);
  await step('tags', 1);
  for (const s of plan.sections) {
    await storeTagBatch(db, { ...s, size: s.batchSize, createdBy: people.id('demo_admin') });
    await step('tags', 1);
  }

  await step('records');
  const auths = await roleAuths(db, people);
  for (const group of ingestGroups(plan.records)) {
    const stored = await storedIds(
      db,
      group.map((r) => r.id),
    );
    const fresh = group.filter((r) => !stored.has(r.id));
    if (fresh.length) {
      const owner = people.id(fresh[0]!.collector);
      await storeDemoPhotos(
        db,
        deps.storage,
        fresh.flatMap((r) =>
          r.photos
            .filter((p) => !p.reused)
            .map((p) => ({
              ...p,
              projectCode: r.projectCode,
              ownerId: owner,
              long: p.point?.[0] ?? r.gps.long,
              lat: p.point?.[1] ?? r.gps.lat,
              name: `${p.field}-${r.key.replaceAll('/', '-')}.jpg`,
            })),
        ),
      );
      const results = await ingest(
        deps,
        auths.collector(fresh[0]!),
        fresh[0]!.projectCode,
        fresh.map(incoming),
        'zh-CN',
      );
      const refused = results.find((r) => r.status === 'rejected');
      if (refused) throw new Error(`demo record ${refused.uuid} refused: ${JSON.stringify(refused.errors)}`);
    }
    await step('records', group.length);
  }

  await step('reviews');
  let reviewed = 0;
  for (const [projectCode, batch] of reviewBatches(reviews)) {
    const waiting = await unreviewed(db, batch.ids);
    const ids = batch.ids.filter((id) => waiting.has(id));
    if (ids.length) {
      try {
        const { changed } = await examine(deps, auths.supervisor(projectCode), projectCode, {
          ids,
          action: batch.action,
          ...(batch.reason ? { reason: batch.reason } : {}),
        });
        reviewed += changed;
      } catch (error) {
        // Another run of the load (the command line beside the server) reviewed them meanwhile.
        if (!(error instanceof AppError && error.messageKey === 'stateChangeInvalid')) throw error;
      }
    }
    await step('reviews', batch.ids.length);
  }

  // The planted evidence anomalies (and the originals of reused photos) checked now, not left to
  // the background check of every photo: the first-run page says done with 疑点 complete.
  for (const [projectCode, ids] of evidenceToCheck(plan)) await checkNow(deps, projectCode, ids);

  await step('safety');
  // KH-BD01's manager keeps KH2026's ledger; the project administrator JS2026's.
  const safety = await seedDemoSafety(db, deps.storage, plan, (p) =>
    people.id(p === 'KH2026' ? 'demo_bd' : 'demo_admin'),
  );
  await step('done', plan.sections.length);
  return {
    phase: 'done',
    done,
    total,
    records: plan.records.length,
    reviewed,
    safety,
    ms: performance.now() - started,
  };
}

/** Days of records sent in one call per collector and kind (as a phone that was offline a while). */
const WINDOW_DAYS = 7;
/** The census, then fellings, then burns (which list the felled tags); planted ones after their kind. */
const phaseOf = (r: PlannedRecord) =>
  ({ gbksdc0101: 0, gbcfcz0101: 1, gbymfs0101: 3 })[r.tableCode] + (r.planted ? 1 : 0);

/**
 * Ingestion calls (ingest takes one collector): per project, week, kind and collector, in that
 * order, so a burn is stored after the fellings of the tags it lists. A record carrying a planted
 * anomaly goes alone after its kind's calls: the checks then see a second use of a tag after the
 * first, as they would from the field.
 */
function ingestGroups(list: PlannedRecord[]): PlannedRecord[][] {
  const groups = new Map<string, PlannedRecord[]>();
  for (const r of list) {
    const window = String(Math.floor(r.day / WINDOW_DAYS)).padStart(2, '0');
    const who = r.planted ? `${r.at.toISOString()}/${r.key}` : r.collector;
    const key = `${r.projectCode}/${window}/${phaseOf(r)}/${who}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.keys()].sort().map((k) => groups.get(k)!);
}

function incoming(r: PlannedRecord): IncomingRecord {
  const fields = { ...r.fields };
  for (const p of r.photos) fields[p.field] = [p.id];
  return {
    id: r.id,
    tableCode: r.tableCode,
    sectionCode: r.sectionCode,
    timeSubmit: r.at,
    gps: r.gps,
    place: r.place,
    fields,
  };
}

/**
 * The reviews in batches of ≤ REVIEW_BATCH ids of one project, action and reason: each is one
 * transaction, which holds PGlite's one connection (500 at once stalled other requests 2 s, 100 0.9 s).
 */
const REVIEW_BATCH = 50;
function reviewBatches(list: PlannedRecord[]) {
  const groups = new Map<string, { action: Review; reason: string | undefined; ids: string[] }>();
  const out: [string, { action: Review; reason: string | undefined; ids: string[] }][] = [];
  for (const r of list) {
    const key = `${r.projectCode}/${r.review}/${r.reason ?? ''}`;
    let g = groups.get(key);
    if (!g || g.ids.length >= REVIEW_BATCH) {
      g = { action: r.review!, reason: r.reason, ids: [] };
      groups.set(key, g);
      out.push([r.projectCode, g]);
    }
    g.ids.push(r.id);
  }
  return out;
}

async function storedIds(db: Executor, ids: string[]): Promise<Set<string>> {
  const rows = await db.select({ id: records.id }).from(records).where(inArray(records.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Of `ids`, those still uploaded and never reviewed (a retry must not review a record twice). */
async function unreviewed(db: Executor, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: records.id })
    .from(records)
    .where(
      and(
        inArray(records.id, ids),
        eq(records.state, '10'),
        isNull(records.deletedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(recordHistory)
            .where(and(eq(recordHistory.recordId, records.id), ne(recordHistory.action, 'created'))),
        ),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

async function accounts(db: Executor) {
  const names = [
    'demo_admin',
    'demo_bd',
    ...Object.values(demoSupervisors),
    ...demoFieldWorkers.map((w) => w.account),
  ];
  const rows = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(and(inArray(users.account, names), isNull(users.deletedAt)));
  const ids = new Map(rows.map((r) => [r.account, r.id]));
  return {
    id(account: string): string {
      const id = ids.get(account);
      if (!id) throw new Error(`demo account ${account} is missing`);
      return id;
    },
  };
}

/** Signed-in contexts as the field app's and the back office's would be, with their roles' permissions. */
async function roleAuths(db: Executor, people: Awaited<ReturnType<typeof accounts>>) {
  const rows = await db
    .select({ id: roles.id, code: roles.code, permissions: roles.permissions })
    .from(roles)
    .where(inArray(roles.code, ['worker', 'supervisor']));
  const role = (code: string) => {
    const r = rows.find((x) => x.code === code);
    if (!r) throw new Error(`built-in role ${code} is missing`);
    return r;
  };
  const auth = (account: string, projectCode: string, code: string): AuthContext => ({
    sessionId: 'demo-load',
    userId: people.id(account),
    account,
    isSuperAdmin: false,
    projectCode,
    roleId: role(code).id,
    roleCodes: [code],
    permissions: new Set(role(code).permissions),
  });
  return {
    collector: (r: PlannedRecord) => auth(r.collector, r.projectCode, 'worker'),
    supervisor: (projectCode: string) => auth(demoSupervisors[projectCode]!, projectCode, 'supervisor'),
  };
}
