import {
  type AnomalyAction,
  type AnomalyCountsValue,
  type AnomalyItem,
  type AnomalyKind,
  type AnomalyListValue,
  type AnomalyResolveValue,
  type AnomalyState,
  anomalyKinds,
  anomalyMessages,
  anomalyStates,
  anomalyTransitions,
  ErrorCode,
  type ErrorCodeValue,
  type Lang,
  type Text,
} from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import { audit, type AuditEntry } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { Memo } from '../../platform/memo.ts';
import { decodeCursor, encodeCursor } from '../../platform/pagination.ts';
import * as records from '../records/index.ts';
import * as q from './queries.ts';

/** A refusal with this feature's own words (the catalogue's `fieldErrors` carries any text). */
export function refuse(code: ErrorCodeValue, text: Text, field?: string, lang: Lang = 'zh-CN'): AppError {
  return new AppError(
    code,
    'fieldErrors',
    { text },
    field ? { fields: [{ field, message: text[lang] }] } : null,
  );
}

/* ------------------------------------------------------------------ counts (dashboard, reconciliation) */

const countsMemo = new Memo<Awaited<ReturnType<typeof q.countsBy>>>(2_000, 2_000, 60_000);
/**
 * Pages of the list, remembered per view (filter, caller's sections, page size, cursor) for 2 s
 * (+2 s while one call reloads): fifty supervisors opening the same list cost one statement, not
 * fifty. Forgotten at once when this process changes anomalies; another instance's change shows
 * within 4 s.
 */
const pagesMemo = new Memo<AnomalyListValue>(2_000, 2_000, 60_000);

/** The checks and resolutions changed anomalies: remembered counts and pages of this process are dropped. */
export const forgetCounts = () => {
  countsMemo.forget();
  pagesMemo.forget();
};
/** Goes up whenever this process changes anomalies: answers built from the counts can be keyed by it. */
export const anomalyCountsVersion = () => countsMemo.version;

function countsOf(db: Executor, projectCodes: string[], sectionCodes?: string[], state?: string) {
  return countsMemo.get(db, JSON.stringify([projectCodes, sectionCodes ?? null, state ?? null]), () =>
    q.countsBy(db, projectCodes, sectionCodes, state),
  );
}

/**
 * Open anomalies per project, section and kind (the dashboard's card and the reconciliation's
 * column): remembered 2 s per database (and 2 s more while one call reloads), forgotten at once
 * when this process changes anomalies.
 */
export async function openAnomalyCounts(
  db: Executor,
  projectCodes: string[],
  sectionCodes?: string[],
): Promise<{ projectCode: string; sectionCode: string; kind: AnomalyKind; n: number }[]> {
  const rows = await countsOf(db, projectCodes, sectionCodes, 'open');
  return rows.map((r) => ({
    projectCode: r.project_code,
    sectionCode: r.section_code,
    kind: r.kind as AnomalyKind,
    n: r.n,
  }));
}

export async function counts(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
): Promise<AnomalyCountsValue> {
  const { db } = deps.database;
  const scope = await records.recordSectionScope(db, auth, projectCode);
  const rows = await countsOf(db, [projectCode], scope);
  const bySectionKind = new Map<string, AnomalyCountsValue['rows'][number]>();
  let open = 0;
  for (const r of rows) {
    if (!(anomalyKinds as readonly string[]).includes(r.kind)) continue;
    const key = `${r.section_code}|${r.kind}`;
    const row = bySectionKind.get(key) ?? {
      sectionCode: r.section_code,
      kind: r.kind as AnomalyKind,
      open: 0,
      explained: 0,
      confirmed: 0,
      cleared: 0,
    };
    if ((anomalyStates as readonly string[]).includes(r.state)) row[r.state as AnomalyState] += r.n;
    if (r.state === 'open') open += r.n;
    bySectionKind.set(key, row);
  }
  const list = [...bySectionKind.values()].sort((a, b) =>
    a.sectionCode === b.sectionCode
      ? anomalyKinds.indexOf(a.kind) - anomalyKinds.indexOf(b.kind)
      : a.sectionCode < b.sectionCode
        ? -1
        : 1,
  );
  return { rows: list, open };
}

/* ------------------------------------------------------------------ list, record, tag */

const time = records.chinaTime;

function itemOf(r: q.ListedAnomaly): AnomalyItem {
  return {
    id: r.id,
    recordId: r.record_id,
    tableCode: r.table_code,
    sectionCode: r.section_code,
    day: String(r.day).slice(0, 10),
    kind: r.kind as AnomalyKind,
    tagCode: r.tag_code,
    otherRecordId: r.other_record_id,
    evidence: typeof r.evidence === 'string' ? JSON.parse(r.evidence) : r.evidence,
    state: r.state as AnomalyState,
    note: r.note,
    resolvedBy: r.resolved_by_name,
    resolvedAt: time(r.resolved_at),
    createdAt: time(r.created_at)!,
  };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const totalsMemo = new Memo<number>(2_000, 0, 60_000);

export type ListInput = {
  anomalyKind?: AnomalyKind | undefined;
  sectionCode?: string | undefined;
  state?: AnomalyState | undefined;
  begin?: string | undefined;
  end?: string | undefined;
  cursor?: string | undefined;
  pageSize: number;
};

/** A keyset page of the project's anomalies, newest first, within the caller's sections. */
export async function list(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: ListInput,
  lang: Lang,
): Promise<AnomalyListValue> {
  const { db } = deps.database;
  if (input.begin && input.end && input.end < input.begin) {
    throw refuse(ErrorCode.validation, anomalyMessages.rangeReversed, 'end', lang);
  }
  let after: { createdKey: string; id: string } | undefined;
  if (input.cursor) {
    const c = decodeCursor(input.cursor, 2);
    if (
      !c ||
      typeof c[0] !== 'string' ||
      typeof c[1] !== 'string' ||
      !UUID_RE.test(c[1]) ||
      Number.isNaN(Date.parse(c[0]))
    ) {
      throw refuse(ErrorCode.validation, anomalyMessages.cursorInvalid, 'cursor', lang);
    }
    after = { createdKey: c[0], id: c[1] };
  }
  const filter: q.AnomalyFilter = {
    projectCode,
    sectionCodes: await records.recordSectionScope(db, auth, projectCode),
    sectionCode: input.sectionCode,
    kind: input.anomalyKind,
    begin: input.begin,
    end: input.end,
  };
  const states = input.state ? [input.state] : anomalyStates;
  const key = JSON.stringify([filter, states, input.pageSize, after ?? null]);
  return pagesMemo.get(db, key, async () => {
    const [rows, total] = await Promise.all([
      q.listPage(db, filter, states, input.pageSize, after),
      totalsMemo.get(db, JSON.stringify([filter, states, countsMemo.version]), () =>
        q.countOf(db, filter, states),
      ),
    ]);
    const last = rows[rows.length - 1];
    return {
      list: rows.map(itemOf),
      total,
      nextCursor: last && rows.length === input.pageSize ? encodeCursor([last.created_key, last.id]) : null,
    };
  });
}

/** A record's anomalies (any state) for its drawer; a record outside the caller's sections has none. */
export async function ofRecord(deps: AppDeps, auth: AuthContext, projectCode: string, recordId: string) {
  const { db } = deps.database;
  const scope = await records.recordSectionScope(db, auth, projectCode);
  // Another project's record, or a section outside the caller's, is not found (as its detail is).
  const place = await records.recordPlace(db, recordId);
  if (!place || place.projectCode !== projectCode || (scope && !scope.includes(place.sectionCode)))
    throw new AppError(ErrorCode.notFound, 'recordNotFound');
  const rows = await q.ofRecord(db, projectCode, recordId);
  return { list: rows.filter((r) => !scope || scope.includes(r.section_code)).map(itemOf) };
}

/** A tag's anomalies that are not cleared (the scan page), within `sections` when given. */
export async function ofTag(db: Executor, projectCode: string, code: string, sections?: string[]) {
  const rows = await q.ofTag(db, projectCode, code);
  return rows
    .filter((r) => !sections || sections.includes(r.section_code))
    .map((r) => {
      const item = itemOf(r);
      return {
        id: item.id,
        recordId: item.recordId,
        tableCode: item.tableCode,
        sectionCode: item.sectionCode,
        kind: item.kind,
        state: item.state,
        evidence: item.evidence,
        note: item.note,
        createdAt: item.createdAt,
      };
    });
}

/* ------------------------------------------------------------------ resolutions */

/** Rejects records as 数据审核 does (records' examine; app.ts hands it in, records never import anomalies). */
export type RejectRecords = (
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  ids: string[],
  reason: string,
) => Promise<{ changed: number }>;
let rejectRecords: RejectRecords | undefined;
export function setRecordRejecter(reject: RejectRecords): void {
  rejectRecords = reject;
}

// The audit log's entity list (platform/audit.ts) does not name anomalies yet: see the report.
const ANOMALY_ENTITY: AuditEntry['entity'] = 'anomaly';

/**
 * Explain, confirm or reopen anomalies of the project, within the caller's sections: those in a
 * state the action moves from move, the others are left (none movable is refused). Each move is
 * audited with who, when, the state and note before and after. A confirmation with
 * `rejectRecord` then rejects the records through records' review (its history, counters and
 * the collector's notice), after the anomalies are confirmed, so that the rejection's own checks
 * leave the confirmed anomalies as they are.
 */
export async function resolve(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  action: AnomalyAction,
  input: { ids: string[]; note: string; rejectRecord?: boolean | undefined },
  lang: Lang,
): Promise<AnomalyResolveValue> {
  const { db } = deps.database;
  const rule = anomalyTransitions[action];
  const wantsReject = action === 'confirm' && Boolean(input.rejectRecord);
  if (wantsReject && !auth.isSuperAdmin && !auth.permissions.has('records.review')) {
    throw refuse(ErrorCode.forbidden, anomalyMessages.rejectNeedsReview, 'rejectRecord', lang);
  }
  const scope = await records.recordSectionScope(db, auth, projectCode);
  const ids = [...new Set(input.ids.map((i) => i.toLowerCase()))];
  const { moved, toReject } = await db.transaction(async (tx) => {
    const rows = await q.lockAnomalies(tx, projectCode, ids);
    const visible = rows.filter((r) => r.inProject && (!scope || scope.includes(r.sectionCode)));
    if (visible.length !== ids.length)
      throw refuse(ErrorCode.notFound, anomalyMessages.notFound, 'ids', lang);
    const moving = visible.filter((r) => (rule.from as string[]).includes(r.state));
    if (!moving.length) throw refuse(ErrorCode.validation, anomalyMessages.stateInvalid, 'ids', lang);
    let rejectable: string[] = [];
    if (wantsReject) {
      rejectable = await q.rejectableRecords(tx, [...new Set(moving.map((r) => r.recordId))]);
      if (!rejectable.length)
        throw refuse(ErrorCode.validation, anomalyMessages.recordNotRejectable, 'rejectRecord', lang);
    }
    await q.setResolution(
      tx,
      moving.map((r) => r.id),
      { state: rule.to, note: input.note, userId: auth.userId },
    );
    for (const r of moving) {
      await audit(tx, {
        actorId: auth.userId,
        projectCode,
        action: 'update',
        entity: ANOMALY_ENTITY,
        entityId: r.id,
        summary: `${r.kind} ${r.tagCode || r.recordId}`,
        params: {
          kind: action,
          anomalyKind: r.kind,
          tag: r.tagCode,
          section: r.sectionCode,
          note: input.note,
        },
        before: { state: r.state, note: r.note },
        after: { state: rule.to, note: input.note, ...(wantsReject ? { rejectRecord: true } : {}) },
      });
    }
    return { moved: moving.map((r) => r.id), toReject: rejectable };
  });
  forgetCounts();
  let rejected = 0;
  if (toReject.length) {
    if (!rejectRecords) throw new Error('anomalies: no record rejecter wired (app.ts wireAnomalyChecks)');
    rejected = (await rejectRecords(deps, auth, projectCode, toReject, input.note)).changed;
  }
  return { changed: moved.length, ids: moved, rejected };
}
