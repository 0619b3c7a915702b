import { and, eq, gte, sql } from 'drizzle-orm';
import { droneCandidates, droneOrthophotos } from '../../db/schema/index.ts';
import { fail } from '../../platform/errors.ts';
import { cgcs2000 } from './crs.ts';
import { findOrtho, type DroneCtx } from './upload.ts';

/**
 * An orthophoto's candidates for the map and the sensitivity slider: the client gets every
 * candidate down to the score it asks for (at most MAP_LIMIT) and filters by the slider itself,
 * so moving it never asks the server again. Dropping one by hand keeps it (state `dropped`).
 */
export const MAP_LIMIT = 20_000;

export async function candidateList(ctx: DroneCtx, orthophotoId: string, minScore: number): Promise<string> {
  await findOrtho(ctx, orthophotoId);
  // Built in the database as one JSON text, column by column (the contract's droneCandidatesValue),
  // and sent as it comes: no rows parsed and serialised again in this process. Each aggregate is
  // ordered by the row's rank (an integer: cheaper to sort than score and id again; a sorted
  // subquery alone only usually keeps its order). Positions rounded to 7 decimals (1 cm) in
  // floating point: numeric rounding cost as much as the rest. bench/droneMap.bench.ts times it.
  const where = sql`orthophoto_id = ${orthophotoId} and score >= ${minScore}`;
  const by = sql`order by rn`;
  const result = await ctx.deps.database.db.execute(sql`
    select json_build_object(
      'count', count(*),
      'truncated', exists(select 1 from ${droneCandidates} where ${where} offset ${MAP_LIMIT}),
      'id', coalesce(json_agg(id ${by}), '[]'),
      'lng', coalesce(json_agg(round(lng * 1e7) / 1e7 ${by}), '[]'),
      'lat', coalesce(json_agg(round(lat * 1e7) / 1e7 ${by}), '[]'),
      'px', coalesce(json_agg(px ${by}), '[]'),
      'py', coalesce(json_agg(py ${by}), '[]'),
      'areaM2', coalesce(json_agg(area_m2 ${by}), '[]'),
      'score', coalesce(json_agg(score ${by}), '[]'),
      'state', coalesce(json_agg(state ${by}), '[]'),
      'sectionCode', coalesce(json_agg(section_code ${by}), '[]')
    )::text as value
    from (
      select id, lng, lat, px, py, area_m2, score, state, section_code,
        row_number() over (order by score desc, id) as rn
      from ${droneCandidates}
      where ${where}
      order by score desc, id
      limit ${MAP_LIMIT}
    ) c`);
  const rows = (result as unknown as { rows: { value: string }[] }).rows;
  return rows[0]!.value;
}

export async function candidateDetail(ctx: DroneCtx, id: string) {
  const [row] = await ctx.deps.database.db
    .select()
    .from(droneCandidates)
    .where(and(eq(droneCandidates.id, id), eq(droneCandidates.projectCode, ctx.projectCode)));
  if (!row) throw fail.notFound();
  return { ...row, cgcs2000: cgcs2000(row.lng, row.lat) };
}

/** Drops a candidate by hand (a roof, a red maple) or takes it back; issued tasks are not touched. */
export async function dropCandidate(ctx: DroneCtx, id: string, dropped: boolean) {
  const [row] = await ctx.deps.database.db
    .update(droneCandidates)
    .set({ state: dropped ? 'dropped' : 'candidate' })
    .where(
      and(
        eq(droneCandidates.id, id),
        eq(droneCandidates.projectCode, ctx.projectCode),
        sql`state in ('candidate', 'dropped')`,
      ),
    )
    .returning({ id: droneCandidates.id, state: droneCandidates.state });
  if (row) return row;
  // Not this project's (or no such) candidate: not found, like every other project's object;
  // this project's, already issued as a task: a conflict.
  await candidateDetail(ctx, id);
  throw fail.conflict();
}

export async function setThreshold(ctx: DroneCtx, orthophotoId: string, threshold: number) {
  await findOrtho(ctx, orthophotoId);
  await ctx.deps.database.db
    .update(droneOrthophotos)
    .set({ threshold })
    .where(eq(droneOrthophotos.id, orthophotoId));
}

/**
 * Candidates at or above the orthophoto's sensitivity, not dropped, become open verification tasks
 * of the section they lie in. Answers how many were issued now.
 */
export async function issueTasks(ctx: DroneCtx, orthophotoId: string): Promise<number> {
  const ortho = await findOrtho(ctx, orthophotoId);
  const rows = await ctx.deps.database.db
    .update(droneCandidates)
    .set({ state: 'open', issuedAt: sql`now()` })
    .where(
      and(
        eq(droneCandidates.orthophotoId, orthophotoId),
        eq(droneCandidates.state, 'candidate'),
        gte(droneCandidates.score, ortho.threshold),
      ),
    )
    .returning({ id: droneCandidates.id });
  return rows.length;
}
