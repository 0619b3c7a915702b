import type { ColumnRules } from '@pineguard/contract';
import { builtinMeasures, formerBuiltins } from './builtin.ts';

/** A built-in field as stored. */
export type StoredColumn = {
  tableCode: string;
  code: string;
  fldDescript: string;
  rules: ColumnRules;
  retired: boolean;
};
export type ColumnUpgrade = { tableCode: string; code: string; fldDescript: string; rules: ColumnRules };

/** What declares a quantity's unit and kind (the rest of the rules are limits an admin tunes). */
export const quantityKeys = ['unit', 'integer', 'unitColumn', 'maxByUnit'] as const;

/** JSON with sorted keys: jsonb does not keep the order a value was written in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
export const sameRules = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * How installed built-in fields reach today's definitions (ensureStandards, at every start):
 * - a field whose rules (or description) are still as an earlier version shipped them takes
 *   today's — nobody edited it;
 * - a field an administrator edited keeps its limits; if it declares no unit or kind at all, it
 *   gains today's declaration (unit, integer, unit field, per-unit limits), because what its
 *   figures mean (trees are whole, tons are never added to trees) is not a local preference.
 * Retired fields are left alone. Idempotent: a second run finds nothing to change.
 */
export function builtinUpgrades(stored: StoredColumn[]): ColumnUpgrade[] {
  const out: ColumnUpgrade[] = [];
  for (const m of builtinMeasures) {
    for (const c of m.table.columns) {
      const s = stored.find((x) => x.tableCode === m.table.code && x.code === c.code);
      if (!s || s.retired) continue;
      const former = formerBuiltins.find((f) => f.table === m.table.code && f.code === c.code);
      const want = c.rules ?? {};
      let rules = s.rules;
      if (former?.rules && sameRules(s.rules, former.rules)) rules = want;
      else if (!quantityKeys.some((k) => s.rules[k] !== undefined)) {
        const declared = Object.fromEntries(
          quantityKeys.filter((k) => want[k] !== undefined).map((k) => [k, want[k]]),
        ) as ColumnRules;
        if (Object.keys(declared).length) rules = { ...s.rules, ...declared };
      }
      const fldDescript =
        former?.fldDescript !== undefined && s.fldDescript === former.fldDescript
          ? (c.fldDescript ?? '')
          : s.fldDescript;
      if (!sameRules(rules, s.rules) || fldDescript !== s.fldDescript)
        out.push({ tableCode: m.table.code, code: c.code, fldDescript, rules });
    }
  }
  return out;
}
