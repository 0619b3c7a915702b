import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  chinaDateTime,
  type FlagNode,
  type Lang,
  MAX_TAG_BATCH,
  normaliseTagCode,
  type QrChainRecord,
  type QrItem,
  type QrScanAnswer,
  TAG_ALPHABET,
  tagCheckChar,
  type TagState,
} from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { XLSX_TYPE } from '../../platform/download.ts';
import { fail } from '../../platform/errors.ts';
import type { Page } from '../../platform/pagination.ts';
import * as anomalies from '../anomalies/index.ts';
import * as files from '../files/index.ts';
import * as projects from '../projects/index.ts';
import * as records from '../records/index.ts';
import * as standards from '../standards/index.ts';
import { labelSheet, tagSpreadsheet } from './export.ts';
import * as q from './queries.ts';

export type QrContext = { deps: AppDeps; auth: AuthContext; projectCode: string; lang: Lang };

/* ------------------------------------------------------------------ codes */

/** 10 random base32 characters (50 bits from the CSPRNG) and a check character. */
export function newTagBody(): string {
  const bytes = randomBytes(10);
  let body = '';
  for (const b of bytes) body += TAG_ALPHABET[b & 31];
  return body + tagCheckChar(body);
}

export const tagCode = (prefix: string | undefined) => (prefix ? `${prefix}-${newTagBody()}` : newTagBody());

/* ------------------------------------------------------------------ state */

export type TagUseSummary = { state: TagState; felledAt: Date | null; burnedAt: Date | null };

/** Each code's state from the live records naming it (felling → felled; a burn record → burned). */
export async function tagStates(
  db: Executor,
  projectCode: string,
  codes: string[],
): Promise<Map<string, TagUseSummary>> {
  const uses = await records.recordsNamingTags(db, projectCode, codes);
  const out = new Map<string, TagUseSummary>();
  for (const code of codes) out.set(code, { state: 'unused', felledAt: null, burnedAt: null });
  for (const u of uses) {
    const s = out.get(u.code);
    if (!s) continue;
    if (u.kind === 'felling' && (!s.felledAt || u.timeSubmit < s.felledAt)) s.felledAt = u.timeSubmit;
    if (u.kind === 'burning' && (!s.burnedAt || u.timeSubmit < s.burnedAt)) s.burnedAt = u.timeSubmit;
  }
  for (const s of out.values()) s.state = s.burnedAt ? 'burned' : s.felledAt ? 'felled' : 'unused';
  return out;
}

/* ------------------------------------------------------------------ list, tree */

export async function list(
  ctx: QrContext,
  input: Page & { flagId?: number | undefined; keyWords?: string | undefined },
): Promise<{ rows: QrItem[]; total: number }> {
  const { db } = ctx.deps.database;
  // A batch of another project is not found here (rather than answering an empty page).
  if (input.flagId && !(await q.flagById(db, ctx.projectCode, input.flagId)))
    throw fail.notFound('flagNotFound');
  const keyword = input.keyWords ? normaliseTagCode(input.keyWords) : undefined;
  const { rows, total } = await q.listTags(
    db,
    { projectCode: ctx.projectCode, flagId: input.flagId, keyword },
    { pageNum: input.pageNum, pageSize: input.pageSize },
  );
  const states = await tagStates(
    db,
    ctx.projectCode,
    rows.map((r) => r.code),
  );
  return {
    total,
    rows: rows.map((r) => {
      const s = states.get(r.code)!;
      return {
        code: r.code,
        flagId: r.flagId,
        flagName: r.flagName,
        sectionCode: r.sectionCode,
        seq: r.seq,
        state: s.state,
        felledAt: s.felledAt ? chinaDateTime(s.felledAt) : null,
        burnedAt: s.burnedAt ? chinaDateTime(s.burnedAt) : null,
        createTime: chinaDateTime(r.createdAt),
      };
    }),
  };
}

/** The project's batches as a tree (a batch under its parent; orphans at the top). */
export async function flagTree(ctx: QrContext): Promise<FlagNode[]> {
  const rows = await q.flagsOf(ctx.deps.database.db, ctx.projectCode);
  const nodes = new Map<number, FlagNode>(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        name: r.name,
        sectionCode: r.sectionCode,
        count: r.count,
        createTime: chinaDateTime(r.createdAt),
        children: [],
      },
    ]),
  );
  const roots: FlagNode[] = [];
  for (const r of rows) {
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots;
}

/* ------------------------------------------------------------------ generate */

export type AddInput = {
  flagName?: string | undefined;
  flagId?: number | undefined;
  parentId?: number | undefined;
  sectionCode?: string | undefined;
  count: number;
  prefix?: string | undefined;
};

/**
 * Generates `count` tags in a new batch or an existing one: one multi-row insert in one
 * transaction (the batch row locked, so two adds number their tags in turn). A code that
 * collides with an existing one (50 random bits: practically never) is drawn again.
 */
export async function add(ctx: QrContext, input: AddInput) {
  const { db } = ctx.deps.database;
  if (input.sectionCode) {
    const sections = await projects.listSections(db, ctx.projectCode);
    if (!sections.some((s) => s.code === input.sectionCode)) {
      throw fail.invalid('sectionNotFound4Flag', { section: input.sectionCode });
    }
  }
  return db.transaction(async (tx) => {
    let flag: q.FlagRow | undefined;
    if (input.flagId) {
      flag = await q.lockFlag(tx, ctx.projectCode, input.flagId);
      if (!flag) throw fail.notFound('flagNotFound');
    } else {
      const name = input.flagName!;
      if (input.parentId && !(await q.flagById(tx, ctx.projectCode, input.parentId))) {
        throw fail.notFound('flagNotFound');
      }
      if (await q.flagByName(tx, ctx.projectCode, name)) throw fail.conflict('flagNameTaken', { name });
      flag = await q.insertFlag(tx, {
        projectCode: ctx.projectCode,
        name,
        parentId: input.parentId ?? null,
        sectionCode: input.sectionCode ?? null,
        createdBy: ctx.auth.userId,
      });
    }
    if (flag.count + input.count > MAX_TAG_BATCH) {
      throw fail.invalid('flagFull', { max: MAX_TAG_BATCH, held: flag.count });
    }
    let seq = await q.lastSeq(tx, flag.id);
    let first = '';
    let made = 0;
    for (let attempt = 0; made < input.count && attempt < 5; attempt++) {
      const codes = Array.from({ length: input.count - made }, () => tagCode(input.prefix));
      const stored = new Set(
        await q.insertTags(tx, { projectCode: ctx.projectCode, flagId: flag.id, after: seq, codes }),
      );
      first ||= codes.find((c) => stored.has(c)) ?? '';
      made += stored.size;
      // A collided code leaves its number unused: seq orders a batch, it need not be dense.
      seq += codes.length;
    }
    await q.setFlagCount(tx, flag.id, flag.count + made);
    await audit(tx, {
      actorId: ctx.auth.userId,
      projectCode: ctx.projectCode,
      action: 'create',
      entity: 'qrFlag',
      entityId: flag.id,
      summary: flag.name,
      params: { name: flag.name, count: made },
      after: { flagId: flag.id, count: made, first, prefix: input.prefix ?? null },
    });
    return { flagId: flag.id, count: made, first };
  });
}

/* ------------------------------------------------------------------ export */

export async function exportBatch(
  ctx: QrContext,
  input: { flagId: number; format: 'pdf' | 'xlsx' },
  scanBase: string,
): Promise<{ fileName: string; contentType: string; stream: Readable }> {
  const { db } = ctx.deps.database;
  const flag = await q.flagById(db, ctx.projectCode, input.flagId);
  if (!flag) throw fail.notFound('flagNotFound');
  const projectName = (await projects.projectName(db, ctx.projectCode)) ?? ctx.projectCode;
  const zh = ctx.lang !== 'en';
  const safe = flag.name.replace(/[\\/:*?"<>|\s]+/g, '_');
  const base = `${zh ? '二维码' : 'qrcodes'}_${ctx.projectCode}_${safe}`;
  const pages = (size: number) => batchPages(db, ctx.projectCode, flag.id, size);
  const meta = { projectName, flagName: flag.name, sectionCode: flag.sectionCode, scanBase, lang: ctx.lang };
  // Printed labels are what gets nailed to stumps: who printed which batch is kept.
  await audit(db, {
    actorId: ctx.auth.userId,
    projectCode: ctx.projectCode,
    action: 'export',
    entity: 'qrFlag',
    entityId: flag.id,
    summary: flag.name,
    params: { name: flag.name, format: input.format.toUpperCase() },
  });
  if (input.format === 'xlsx') {
    return {
      fileName: `${base}.xlsx`,
      contentType: XLSX_TYPE,
      stream: tagSpreadsheet(pages(500), meta),
    };
  }
  return {
    fileName: `${base}.pdf`,
    contentType: 'application/pdf',
    stream: await labelSheet(pages(240), meta),
  };
}

/** A batch's tags in label order with their states, `size` at a time (keyset, never all at once). */
async function* batchPages(db: Executor, projectCode: string, flagId: number, size: number) {
  let after = 0;
  for (;;) {
    const rows = await q.tagsAfter(db, flagId, after, size);
    if (!rows.length) return;
    const states = await tagStates(
      db,
      projectCode,
      rows.map((r) => r.code),
    );
    yield rows.map((r) => ({ ...r, state: states.get(r.code)!.state }));
    after = rows[rows.length - 1]!.seq;
    if (rows.length < size) return;
  }
}

/* ------------------------------------------------------------------ scan */

/**
 * What scanning a tag shows. Anyone: valid or not, and the state. Signed in to the tag's project
 * with records.read (or super administrator): the batch, the records naming it, with photos, and
 * the tag's anomalies that are not cleared.
 */
export async function scan(deps: AppDeps, auth: AuthContext | null, raw: string): Promise<QrScanAnswer> {
  const { db } = deps.database;
  const code = normaliseTagCode(raw);
  const empty = {
    code,
    valid: false,
    state: null,
    detailed: false,
    projectName: null,
    flagName: null,
    sectionCode: null,
    felling: [],
    burning: [],
    anomalies: [],
  };
  const tag = await q.tagByCode(db, code);
  if (!tag) return empty;
  const state = (await tagStates(db, tag.projectCode, [code])).get(code)!.state;
  const detailed = Boolean(
    auth &&
    (auth.isSuperAdmin || (auth.projectCode === tag.projectCode && auth.permissions.has('records.read'))),
  );
  if (!detailed || !auth) return { ...empty, valid: true, state };
  const uses = await records.recordsNamingTags(db, tag.projectCode, [code]);
  const sign: records.MediaSigner = (id, variant) => files.signMedia(deps.config.media, id, variant);
  const chain: (QrChainRecord & { kind: 'felling' | 'burning' })[] = [];
  for (const u of uses.sort((a, b) => a.timeSubmit.getTime() - b.timeSubmit.getTime())) {
    const d = await records.recordDetail(deps, auth, tag.projectCode, u.id, sign).catch(() => null);
    if (!d) continue; // outside the caller's sections
    const table = await standards.descriptorOf(db, String(d.table_code));
    const fields: QrChainRecord['fields'] = [];
    for (const c of table?.columns ?? []) {
      if (
        c.fldInput === 'photo' ||
        c.fldInput === 'video' ||
        c.code === 'multi_qrcode' ||
        c.code === 'qrcode'
      ) {
        continue;
      }
      const v = (d as Record<string, unknown>)[c.code];
      if (v === undefined || v === null || v === '') continue;
      fields.push({ label: c.value, value: `${String(v)}${c.rules.unit ? ` ${c.rules.unit}` : ''}` });
    }
    chain.push({
      kind: u.kind,
      id: u.id,
      tableCode: String(d.table_code),
      tableName: table?.name ?? String(d.table_code),
      sectionCode: String(d.code_project4 ?? ''),
      timeSubmit: d.time_submit ? String(d.time_submit) : null,
      state: String(d.code_state),
      collector: String(d.userName ?? ''),
      burnPoint: u.kind === 'burning' && d.fsd ? String(d.fsd) : null,
      fields,
      photos: d.media
        .filter((m) => m.kind === 'photo')
        .map((m) => ({ name: m.name, url: m.url, thumbUrl: m.thumbUrl })),
    });
  }
  return {
    code,
    valid: true,
    state,
    detailed: true,
    projectName: tag.projectName,
    flagName: tag.flagName,
    sectionCode: tag.sectionCode,
    felling: chain.filter((c) => c.kind === 'felling').map(({ kind: _kind, ...c }) => c),
    burning: chain.filter((c) => c.kind === 'burning').map(({ kind: _kind, ...c }) => c),
    // The tag's 疑点 (felled twice, burned late…), within the caller's sections like the chain.
    anomalies: await anomalies.tagAnomalies(
      db,
      tag.projectCode,
      code,
      await records.recordSectionScope(db, auth, tag.projectCode),
    ),
  };
}

/** Tags a project holds (keeps the project from being deleted). */
export const projectTagCount = (db: Executor, projectCode: string) => q.projectTagCount(db, projectCode);
