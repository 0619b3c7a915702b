import { type AnomalyKind, chinaToday, STUMP_LIMIT_CM } from '@pineguard/contract';
import { chinaTime, listedTags } from '../records/index.ts';

/**
 * The anomalies a set of records should carry, computed from scratch (no I/O): the checks are
 * idempotent, so every write re-evaluates whole tags and the difference with what is stored is
 * written (check.ts). Rules: docs/decisions/0190-qr-chain-checks.md.
 */

export const FELLING = 'gbcfcz0101';
export const BURNING = 'gbymfs0101';

/** An anomaly as it should be stored (state left to the store: new ones open). */
export type Wanted = {
  projectCode: string;
  recordId: string;
  tableCode: string;
  sectionCode: string;
  day: string;
  kind: AnomalyKind;
  tagCode: string;
  otherRecordId: string | null;
  evidence: Record<string, unknown>;
};

/** A live record naming tags: a felling record (one code) or a burn record (its listed codes). */
export type ChainRecord = {
  id: string;
  tableCode: string;
  sectionCode: string;
  timeSubmit: Date;
  /** The burn record's burning day (its fssj date, else its China day); fellings: their China day. */
  eventDay: string;
  codes: string[];
};

const dayNumber = (day: string) => Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
/** The day a burn record burned: its 焚烧时间 (fssj) when it is a date, else the day it was saved. */
export function burnDayOf(fields: Record<string, unknown>, timeSubmit: Date): string {
  const fssj = typeof fields.fssj === 'string' ? fields.fssj.trim() : '';
  return datePattern.test(fssj) ? fssj : chinaToday(timeSubmit);
}

/** The tag a felling record names (field qrcode), or none. */
export function fellingCode(fields: Record<string, unknown>): string | undefined {
  const v = fields.qrcode;
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** The tags a burn record lists (records' own reading of multi_qrcode, as the rollup counts them). */
export const burnCodes = listedTags;

const byTime = (a: ChainRecord, b: ChainRecord) =>
  a.timeSubmit.getTime() - b.timeSubmit.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The chain anomalies of `codes` in a project, given every live (not deleted, not rejected)
 * felling and burn record naming them there, and which project each code was issued to.
 * The first record of a tag (by time saved, then id) is its felling or burning; a later one is
 * the "twice". A burn is compared with the tag's first felling.
 */
export function chainAnomalies(input: {
  projectCode: string;
  windowDays: number;
  codes: Iterable<string>;
  /** code → the project it was issued to; a code absent was never issued. */
  issued: Map<string, string>;
  fellings: ChainRecord[];
  burns: ChainRecord[];
}): Wanted[] {
  const { projectCode, windowDays } = input;
  const out: Wanted[] = [];
  const felledBy = new Map<string, ChainRecord[]>();
  const burnedBy = new Map<string, ChainRecord[]>();
  for (const [list, index] of [
    [input.fellings, felledBy],
    [input.burns, burnedBy],
  ] as const) {
    for (const r of list) {
      for (const code of r.codes) index.set(code, [...(index.get(code) ?? []), r]);
    }
  }
  const raise = (r: ChainRecord, kind: AnomalyKind, code: string, evidence: object, other?: string) =>
    out.push({
      projectCode,
      recordId: r.id,
      tableCode: r.tableCode,
      sectionCode: r.sectionCode,
      day: chinaToday(r.timeSubmit),
      kind,
      tagCode: code,
      otherRecordId: other ?? null,
      evidence: { code, ...evidence },
    });

  for (const code of new Set(input.codes)) {
    const fellings = (felledBy.get(code) ?? []).sort(byTime);
    const burns = (burnedBy.get(code) ?? []).sort(byTime);
    const issuedTo = input.issued.get(code);
    for (const r of [...fellings, ...burns]) {
      if (issuedTo === undefined) raise(r, 'tag_unknown', code, {});
      else if (issuedTo !== projectCode) raise(r, 'tag_other_project', code, { issuedTo });
    }
    const felled = fellings[0];
    for (const r of fellings.slice(1)) {
      raise(
        r,
        'tag_felled_twice',
        code,
        { firstRecordId: felled!.id, firstAt: chinaTime(felled!.timeSubmit) },
        felled!.id,
      );
    }
    const burned = burns[0];
    for (const r of burns.slice(1)) {
      raise(
        r,
        'tag_burned_twice',
        code,
        { firstRecordId: burned!.id, firstAt: chinaTime(burned!.timeSubmit) },
        burned!.id,
      );
    }
    for (const b of burns) {
      if (!felled) {
        raise(b, 'burn_without_felling', code, {});
        continue;
      }
      if (felled.sectionCode !== b.sectionCode) {
        raise(
          b,
          'burn_other_section',
          code,
          { felledSection: felled.sectionCode, burnedSection: b.sectionCode },
          felled.id,
        );
      }
      const days = dayNumber(b.eventDay) - dayNumber(felled.eventDay);
      if (days > windowDays) {
        raise(
          b,
          'burn_late',
          code,
          { felledAt: chinaTime(felled.timeSubmit), burnedAt: b.eventDay, days, windowDays },
          felled.id,
        );
      }
    }
  }
  return out;
}

/** Where a table keeps a count of trees (or insects): what migration 0022 reads for count_fractional. */
function countField(tableCode: string, fields: Record<string, unknown>): string | undefined {
  if (tableCode === 'gbksdc0101') return 'kssl';
  if (tableCode === 'gbycjc0101') return 'tnsl';
  if (tableCode === BURNING) {
    const unit = fields.jldw;
    return unit === undefined || unit === null || unit === '' || unit === '株' ? 'yimushuliang' : undefined;
  }
  return undefined;
}

/** The anomalies about a live record's own values: a stump too high, a count with decimals. */
export function valueAnomalies(r: {
  id: string;
  projectCode: string;
  tableCode: string;
  sectionCode: string;
  timeSubmit: Date;
  fields: Record<string, unknown>;
}): Wanted[] {
  const base = {
    projectCode: r.projectCode,
    recordId: r.id,
    tableCode: r.tableCode,
    sectionCode: r.sectionCode,
    day: chinaToday(r.timeSubmit),
    tagCode: '',
    otherRecordId: null,
  };
  const out: Wanted[] = [];
  const stump = r.fields.dungao;
  if (r.tableCode === FELLING && typeof stump === 'number' && stump > STUMP_LIMIT_CM) {
    out.push({ ...base, kind: 'stump_high', evidence: { stumpCm: stump, limitCm: STUMP_LIMIT_CM } });
  }
  const field = countField(r.tableCode, r.fields);
  const value = field ? r.fields[field] : undefined;
  if (field && typeof value === 'number' && !Number.isInteger(value)) {
    out.push({ ...base, kind: 'count_fractional', evidence: { field, value } });
  }
  return out;
}

/** Key of one anomaly: its unique index (record, kind, tag). */
export const keyOf = (a: { recordId: string; kind: string; tagCode: string }) =>
  `${a.recordId}|${a.kind}|${a.tagCode}`;

/** A canonical JSON (keys sorted): stored jsonb comes back with its keys in another order. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}
