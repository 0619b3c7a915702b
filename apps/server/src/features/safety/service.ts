import {
  addDays,
  chinaToday,
  MAX_SAFETY_PRINT,
  type SafetyDetail,
  type SafetyItem,
  type SafetyKind,
  type safetyListBody,
  type SafetyPrintValue,
  type safetyPrintQuery,
  type safetySaveBody,
} from '@pineguard/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { audit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { fileOfProject } from '../files/index.ts';
import * as projects from '../projects/index.ts';
import { insuranceEnding } from '../workers/index.ts';
import * as q from './queries.ts';

/** Who asks, in which project (routes build it from the request). */
export type SafetyContext = { deps: AppDeps; auth: AuthContext; projectCode: string };

/**
 * A section manager (and nothing more) sees the records of their own sections and the
 * project-wide ones, and records for their own sections only; other roles see the whole project.
 */
async function sectionScope(ctx: SafetyContext): Promise<string[] | undefined> {
  const { auth } = ctx;
  if (auth.isSuperAdmin || !auth.roleCodes.length) return undefined;
  if (!auth.roleCodes.every((c) => c === 'section_manager')) return undefined;
  return projects.managedSectionCodes(ctx.deps.database.db, ctx.projectCode, auth.userId);
}

function toItem(row: q.SafetyListRow): SafetyItem {
  const r = row.record;
  return {
    id: r.id,
    projectCode: r.projectCode,
    kind: r.kind as SafetyKind,
    topic: r.title,
    heldOn: r.heldOn,
    place: r.place,
    host: r.host,
    sectionCode: r.sectionCode,
    sectionName: r.sectionCode ? (row.sectionName ?? r.sectionCode) : null,
    content: r.content,
    attendeeCount: Number(row.attendeeCount),
    photoIds: r.photoIds,
    createdByName: row.createdByName ?? '',
    createdAt: r.createdAt.toISOString(),
  };
}

async function withAttendees(db: Executor, rows: q.SafetyListRow[]): Promise<SafetyDetail[]> {
  const attendees = await q.attendeesOf(
    db,
    rows.map((r) => r.record.id),
  );
  const byRecord = new Map<string, SafetyDetail['attendees']>();
  for (const a of attendees) {
    const list = byRecord.get(a.recordId) ?? [];
    list.push({ id: a.id, name: a.name, sectionName: a.sectionName ?? '', workType: a.workType });
    byRecord.set(a.recordId, list);
  }
  return rows.map((r) => ({ ...toItem(r), attendees: byRecord.get(r.record.id) ?? [] }));
}

export async function list(ctx: SafetyContext, body: z.infer<typeof safetyListBody>) {
  const { pageNum, pageSize, projectCode: _p, ...filter } = body;
  const { rows, ...counted } = await q.listRecords(
    ctx.deps.database.db,
    ctx.projectCode,
    { ...filter, sectionScope: await sectionScope(ctx) },
    { pageNum, pageSize },
  );
  return { ...counted, list: rows.map(toItem) };
}

export async function detail(ctx: SafetyContext, id: string): Promise<SafetyDetail> {
  const { db } = ctx.deps.database;
  const row = await q.findRecord(db, ctx.projectCode, id);
  if (!row) throw fail.notFound();
  const scope = await sectionScope(ctx);
  if (scope && row.record.sectionCode && !scope.includes(row.record.sectionCode)) {
    throw fail.forbidden('safetySectionNotYours');
  }
  return (await withAttendees(db, [row]))[0]!;
}

/** Records a briefing, training, drill or incident with its attendees and photos (audited). */
export async function create(
  ctx: SafetyContext,
  input: z.infer<typeof safetySaveBody>,
): Promise<SafetyDetail> {
  const { db } = ctx.deps.database;
  const scope = await sectionScope(ctx);
  const sectionCode = input.sectionCode || null;
  if (scope && !sectionCode) throw fail.invalid('safetySectionRequired');
  if (sectionCode) {
    const sections = await projects.listSections(db, ctx.projectCode);
    if (!sections.some((s) => s.code === sectionCode))
      throw fail.invalid('safetySectionUnknown', { code: sectionCode });
    if (scope && !scope.includes(sectionCode)) throw fail.forbidden('safetySectionNotYours');
  }
  const attendeeIds = [...new Set(input.attendeeIds)];
  const found = await q.workersOfProject(db, ctx.projectCode, attendeeIds);
  // Attendees are the project's workers; a section's record takes that section's workers only.
  const accepted = found.filter((w) => !sectionCode || w.sectionCode === sectionCode);
  if (accepted.length !== attendeeIds.length) {
    throw fail.invalid('safetyAttendeeUnknown', { count: attendeeIds.length - accepted.length });
  }
  const photoIds = [...new Set(input.photoIds)];
  for (const id of photoIds) {
    const file = await fileOfProject(ctx.deps, ctx.projectCode, id);
    if (!file || !file.contentType.startsWith('image/')) throw fail.invalid('safetyPhotoInvalid', { id });
  }
  const id = await db.transaction(async (tx) => {
    const row = await q.insertRecord(
      tx,
      {
        projectCode: ctx.projectCode,
        kind: input.kind,
        title: input.topic,
        heldOn: input.heldOn,
        place: input.place,
        host: input.host,
        sectionCode,
        content: input.content,
        photoIds,
        createdBy: ctx.auth.userId,
      },
      attendeeIds,
    );
    await audit(tx, {
      actorId: ctx.auth.userId,
      projectCode: ctx.projectCode,
      action: 'create',
      entity: 'safetyRecord',
      entityId: row.id,
      summary: row.title,
      params: { name: row.title },
      after: { ...row, attendeeIds },
    });
    return row.id;
  });
  return detail(ctx, id);
}

/** The print view's data: the period's records with their attendees, and insurance ending soon. */
export async function printLedger(
  ctx: SafetyContext,
  query: z.infer<typeof safetyPrintQuery>,
): Promise<SafetyPrintValue> {
  const { db } = ctx.deps.database;
  if (query.dateEnd < query.dateBegin || addDays(query.dateBegin, 366) < query.dateEnd) {
    throw fail.invalid('safetyDateRange');
  }
  const scope = await sectionScope(ctx);
  const { rows, matched } = await q.recordsForPrint(
    db,
    ctx.projectCode,
    { kind: query.kind, dateBegin: query.dateBegin, dateEnd: query.dateEnd, sectionScope: scope },
    MAX_SAFETY_PRINT,
  );
  const ending = await insuranceEnding(ctx.deps, ctx.projectCode, {
    today: chinaToday(),
    sectionCodes: scope,
  });
  return {
    projectName: (await projects.projectName(db, ctx.projectCode)) ?? ctx.projectCode,
    dateBegin: query.dateBegin,
    dateEnd: query.dateEnd,
    records: await withAttendees(db, rows),
    truncated: matched > rows.length,
    insuranceEnding: ending.list,
    insuranceEndingCount: ending.count,
    printedAt: new Date().toISOString(),
  };
}
