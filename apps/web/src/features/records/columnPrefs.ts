import { useState } from 'react';
import type { ListColumn } from './columns.ts';

/**
 * Which columns the review table shows (issue 29; docs/decisions/0205-review-table-columns.md): a
 * reviewer's set per standard table by default; the user's own choice from the column chooser
 * kept in this browser's localStorage under account + project + table.
 */

/** The photo thumbnail column (no row property of its own). */
export const PHOTO_COLUMN = '__media';

/** Shown for every table: where, who, the photo, when, the state. */
const everyTable = ['code_project4', 'userName', PHOTO_COLUMN, 'time_submit', 'code_state'];

/** The facts a reviewer checks first, per built-in standard table (descriptor codes). */
export const reviewerFacts: Record<string, string[]> = {
  // 疫木采伐除治: tag, species, diameter, stump height.
  gbcfcz0101: ['qrcode', 'shuzhong', 'xiongjing', 'dungao'],
  // 疫木焚烧: burn point, quantity, unit, day.
  gbymfs0101: ['fsd', 'yimushuliang', 'jldw', 'fssj'],
  // 枯死松树普查: dead trees, species, mean diameter, survey method.
  gbksdc0101: ['kssl', 'shuzhong', 'pjxj', 'dcfs'],
  // 媒介昆虫监测: trap, day, beetles.
  gbycjc0101: ['ybqbh', 'jcrq', 'tnsl'],
};

/** How many descriptor columns a table without a reviewer's set shows at first. */
const FIRST_FACTS = 4;

/** The default set for a table: the reviewer's facts, or its first short descriptor columns. */
export function defaultVisible(table: string, columns: readonly ListColumn[]): string[] {
  const codes = new Set(columns.map((c) => c.code));
  const known = reviewerFacts[table]?.filter((c) => codes.has(c));
  const facts = known?.length
    ? known
    : columns
        .filter((c) => !everyTable.includes(c.code) && !isPlaced(c.code) && c.kind !== 'tags' && !c.retired)
        .filter((c) => c.width <= 150)
        .slice(0, FIRST_FACTS)
        .map((c) => c.code);
  return [...everyTable, ...facts];
}

const placed = new Set(['xmdq', 'gps_long', 'gps_lat']);
const isPlaced = (code: string) => placed.has(code);

/** The localStorage key of one user's choice for one table of one project. */
export const prefsKey = (account: string, project: string, table: string) =>
  `pineguard.columns.v1:${account}:${project}:${table}`;

/** The stored choice; null when none (or unreadable). */
export function readChoice(key: string): string[] | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    const codes = parsed.filter((c): c is string => typeof c === 'string');
    return codes.length ? codes : null;
  } catch {
    return null;
  }
}

/** Keeps a choice; null forgets it (back to the default set). */
export function writeChoice(key: string, codes: readonly string[] | null): void {
  try {
    if (codes === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(codes));
  } catch {
    // A full or blocked storage only means the choice lasts until the page closes.
  }
}

/**
 * The visible column codes of a table for a user, and setters that remember the choice. Keyed
 * by the storage key: another table or project starts from its own choice.
 */
export function useColumnChoice(
  key: string,
  table: string,
  columns: readonly ListColumn[],
): { visible: string[]; choose: (codes: string[]) => void; reset: () => void; custom: boolean } {
  const known = new Set([...columns.map((c) => c.code), PHOTO_COLUMN]);
  const [state, setState] = useState<{ key: string; codes: string[] | null }>(() => ({
    key,
    codes: readChoice(key),
  }));
  // Another table, project or user: read that one's choice (adjusted while rendering).
  let codes = state.codes;
  if (state.key !== key) {
    codes = readChoice(key);
    setState({ key, codes });
  }
  // Codes the table no longer has are passed over; a choice with none left is the default set.
  const kept = codes?.filter((c) => known.has(c)) ?? [];
  return {
    visible: kept.length ? kept : defaultVisible(table, columns),
    custom: kept.length > 0,
    choose: (next) => {
      writeChoice(key, next);
      setState({ key, codes: next });
    },
    reset: () => {
      writeChoice(key, null);
      setState({ key, codes: null });
    },
  };
}
