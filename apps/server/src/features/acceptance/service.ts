import { randomBytes } from 'node:crypto';
import {
  type AcceptanceCheckValue,
  type AcceptanceListValue,
  acceptanceMessages,
  acceptanceReasonLabels,
  type AcceptanceSampleDetail,
  acceptanceTables,
  chinaDateTime,
  chinaToday,
  ErrorCode,
  type ErrorCodeValue,
  type Lang,
  reconcileTables,
  type Text,
} from '@pineguard/contract';
import type { z } from 'zod';
import type { acceptanceCheckBody, acceptanceDrawBody, acceptanceItemsBody } from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import * as anomalies from '../anomalies/index.ts';
import * as projects from '../projects/index.ts';
import * as records from '../records/index.ts';
import { userNames } from '../users/index.ts';
import { itemOf, type Signer, toSample } from './shape.ts';
import * as q from './queries.ts';
import { failReasons, keyBound, stratumTake } from './rules.ts';

export type { Signer };

/** A refusal naming the field, in both languages (answered through the catalogue's `fieldErrors`). */
export function refuse(
  code: ErrorCodeValue,
  field: string,
  text: Text,
  lang: Lang,
  params: Record<string, string> = {},
) {
  const say = (l: Lang) => text[l].replace(/\{(\w+)\}/g, (m, k: string) => params[k] ?? m);
  const both = { 'zh-CN': say('zh-CN'), en: say('en') };
  return new AppError(code, 'fieldErrors', { text: both }, { fields: [{ field, message: both[lang] }] });
}

/** The sections the caller may draw from or read: a section manager's own, else all. */
async function visibleSections(deps: AppDeps, auth: AuthContext, projectCode: string) {
  const { db } = deps.database;
  const [all, scope] = await Promise.all([
    projects.listSections(db, projectCode),
    records.recordSectionScope(db, auth, projectCode),
  ]);
  return scope ? all.filter((s) => scope.includes(s.code)) : all;
}

/**
 * Draws a sample (docs/acceptance.md): validates the share, range and sections (each refusal
 * names its field), counts the population per section, stores the sample with its seed and
 * strata, and draws every stratum in one statement, all in one transaction.
 */
export async function draw(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: z.output<typeof acceptanceDrawBody>,
  lang: Lang,
): Promise<AcceptanceSampleDetail> {
  const share = input.sharePct;
  if (!Number.isFinite(share) || share <= 0 || share > 100)
    throw refuse(ErrorCode.validation, 'sharePct', acceptanceMessages.shareRange, lang);
  if (input.end < input.begin)
    throw refuse(ErrorCode.validation, 'end', acceptanceMessages.rangeReversed, lang);
  const sections = await visibleSections(deps, auth, projectCode);
  const known = new Set(sections.map((s) => s.code));
  const asked = [...new Set(input.sectionCodes)];
  const unknown = asked.filter((c) => !known.has(c));
  if (unknown.length)
    throw refuse(ErrorCode.validation, 'sectionCodes', acceptanceMessages.sectionUnknown, lang, {
      codes: unknown.join(', '),
    });
  const sectionCodes = asked.length ? asked : [...known];
  const tableCodes = input.includeBurning ? [...acceptanceTables] : [reconcileTables.felling];
  const population = { projectCode, tableCodes, sectionCodes, begin: input.begin, end: input.end };
  const seed = input.seed ?? randomBytes(8).toString('hex');
  const { db } = deps.database;
  const id = await db.transaction(async (tx) => {
    await q.withoutJit(tx);
    const sizes = await q.populationBySection(tx, population);
    if (!sizes.size)
      throw refuse(ErrorCode.validation, 'sectionCodes', acceptanceMessages.populationEmpty, lang);
    const takes = new Map(
      [...sizes].map(([code, n]) => {
        const take = stratumTake(n, share);
        return [code, { take, below: keyBound(n, take) }];
      }),
    );
    const strata = sectionCodes.map((code) => ({
      sectionCode: code,
      population: sizes.get(code) ?? 0,
      drawn: takes.get(code)?.take ?? 0,
    }));
    const sampleId = await q.insertSample(tx, {
      projectCode,
      name: input.name ?? `${input.begin}~${input.end} ${share}%`,
      seed,
      sharePct: share,
      begin: input.begin,
      end: input.end,
      tableCodes,
      sectionCodes,
      strata,
      createdBy: auth.userId,
    });
    await q.drawItems(tx, sampleId, seed, population, takes);
    return sampleId;
  });
  return sample(deps, auth, projectCode, id, lang);
}

export async function list(
  deps: AppDeps,
  projectCode: string,
  page: { pageNum: number; pageSize: number },
): Promise<AcceptanceListValue> {
  const { rows, total } = await q.listSamples(
    deps.database.db,
    projectCode,
    page.pageSize,
    (page.pageNum - 1) * page.pageSize,
  );
  return { list: rows.map(toSample), total };
}

async function sampleRow(deps: AppDeps, projectCode: string, id: string, lang: Lang) {
  const row = await q.findSample(deps.database.db, projectCode, id);
  if (!row) throw refuse(ErrorCode.notFound, 'id', acceptanceMessages.sampleNotFound, lang);
  return row;
}

/** A sample with its strata: population at the draw, drawn, and the checks so far. */
export async function sample(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  id: string,
  lang: Lang,
): Promise<AcceptanceSampleDetail> {
  const row = await sampleRow(deps, projectCode, id, lang);
  const [counts, sections] = await Promise.all([
    q.stratumCounts(deps.database.db, id),
    visibleSections(deps, auth, projectCode),
  ]);
  const names = new Map(sections.map((s) => [s.code, s.name]));
  const by = new Map(counts.map((c) => [c.section_code, c]));
  const base = toSample(row);
  const strata = base.sectionCodes
    .filter((code) => names.has(code))
    .map((code) => {
      const drawnAt = base.strataAtDraw.find((s) => s.sectionCode === code);
      const c = by.get(code);
      const checked = Number(c?.checked ?? 0);
      const passed = Number(c?.passed ?? 0);
      return {
        sectionCode: code,
        sectionName: names.get(code) ?? code,
        population: drawnAt?.population ?? 0,
        drawn: drawnAt?.drawn ?? 0,
        checked,
        passed,
        failed: Number(c?.failed ?? 0),
        passRate: checked ? passed / checked : null,
      };
    });
  const { strataAtDraw: _ignored, ...rest } = base;
  return { ...rest, strata };
}

export async function items(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: z.output<typeof acceptanceItemsBody>,
  lang: Lang,
  sign: Signer,
) {
  await sampleRow(deps, projectCode, input.id, lang);
  const scope = await records.recordSectionScope(deps.database.db, auth, projectCode);
  const sectionCodes = input.sectionCode
    ? scope && !scope.includes(input.sectionCode)
      ? []
      : [input.sectionCode]
    : scope;
  const filter = { sampleId: input.id, sectionCodes, state: input.state };
  const [rows, total] = await Promise.all([
    q.itemPage(deps.database.db, filter, input.pageSize, (input.pageNum - 1) * input.pageSize),
    q.itemCount(deps.database.db, filter),
  ]);
  return { list: await itemOf(deps, projectCode, rows, sign), total };
}

/**
 * Records one check (docs/acceptance.md): the sampled record's answers, photos and position,
 * judged by rules.ts; a failure raises acceptance_failed on the original record (a pass on a
 * re-check clears an open one). A resend with the same clientId stores nothing new.
 */
export async function check(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: z.output<typeof acceptanceCheckBody>,
  lang: Lang,
  sign: Signer,
): Promise<AcceptanceCheckValue> {
  const { db } = deps.database;
  await sampleRow(deps, projectCode, input.sampleId, lang);
  const scope = await records.recordSectionScope(db, auth, projectCode);
  const filter = { sampleId: input.sampleId, recordId: input.recordId, sectionCodes: scope };
  const readItem = async () => (await itemOf(deps, projectCode, await q.itemPage(db, filter, 1, 0), sign))[0];
  const existing = await q.checkByClientId(db, input.clientId);
  if (existing) {
    if (existing.sample_id !== input.sampleId || existing.record_id !== input.recordId)
      throw refuse(ErrorCode.conflict, 'clientId', acceptanceMessages.itemNotFound, lang);
    return { item: (await readItem())!, duplicate: true };
  }
  const [row] = await q.itemPage(db, filter, 1, 0);
  if (!row) throw refuse(ErrorCode.notFound, 'recordId', acceptanceMessages.itemNotFound, lang);
  const felling = row.table_code === reconcileTables.felling;
  if (felling && input.found && input.stumpCm === undefined)
    throw refuse(ErrorCode.validation, 'stumpCm', acceptanceMessages.stumpRequired, lang);
  const answers = {
    found: input.found,
    stumpCm: input.found && felling ? (input.stumpCm ?? null) : null,
    covered: input.found && felling ? (input.covered ?? null) : null,
    branches: input.found && felling ? (input.branches ?? null) : null,
    disposal: input.found ? (input.disposal ?? null) : null,
  };
  const reasons = failReasons(row.table_code, answers);
  const checkedAt = input.checkedAt ? new Date(input.checkedAt) : new Date();
  const inspector = (await userNames(db, [auth.userId])).get(auth.userId)?.name || auth.account;
  await db.transaction(async (tx) => {
    await q.insertCheck(tx, {
      sampleId: input.sampleId,
      recordId: input.recordId,
      clientId: input.clientId,
      ...answers,
      photos: input.photos,
      gps: input.gps ?? null,
      remark: input.remark,
      passed: reasons.length === 0,
      reasons,
      checkedBy: auth.userId,
      checkedAt,
    });
    const wanted = reasons.length
      ? {
          projectCode,
          recordId: input.recordId,
          tableCode: row.table_code,
          sectionCode: row.section_code,
          day: chinaToday(new Date(row.time_submit)),
          kind: 'acceptance_failed' as const,
          tagCode: '',
          otherRecordId: null,
          evidence: {
            sampleId: input.sampleId,
            reasons: reasons.map((r) => acceptanceReasonLabels[r]?.['zh-CN'] ?? r).join('、'),
            reasonKeys: reasons,
            checkedBy: inspector,
            checkedAt: chinaDateTime(checkedAt, 'minute'),
            remark: input.remark,
          },
        }
      : null;
    await anomalies.setCheckedAnomaly(tx, input.recordId, 'acceptance_failed', wanted);
  });
  return { item: (await readItem())!, duplicate: false };
}

/** A sample's items in draw order, a page at a time by keyset (the export). */
export async function* exportPages(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  sampleId: string,
  size: number,
  sign: Signer,
) {
  const scope = await records.recordSectionScope(deps.database.db, auth, projectCode);
  let after: { sectionCode: string; rank: number } | undefined;
  for (;;) {
    const rows = await q.itemPage(deps.database.db, { sampleId, sectionCodes: scope, after }, size, 0);
    if (!rows.length) return;
    yield await itemOf(deps, projectCode, rows, sign);
    const last = rows[rows.length - 1]!;
    after = { sectionCode: last.section_code, rank: Number(last.rank) };
    if (rows.length < size) return;
  }
}
