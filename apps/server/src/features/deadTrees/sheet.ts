/**
 * The census spreadsheet, as pure functions: cell values to text, the header check against the
 * template, one row's validation. No I/O here, so every rule has a unit test (sheet.unit.test.ts).
 */
import {
  type KsssColumnKey,
  ksssTemplateColumns,
  type Lang,
  type MessageKey,
  pineSpecies,
  t,
  XIAOBAN_PATTERN,
} from '@pineguard/contract';

/** A cell's longest accepted text; a 1 MB cell is refused by this, never stored. */
export const MAX_CELL_CHARS = 200;
/** Data rows one file may hold. */
export const MAX_ROWS = 200_000;
/** Errors listed in the report; the rest are counted in its last line. */
export const MAX_REPORTED_ERRORS = 1_000;

export type CensusRow = {
  sectionCode: string;
  township: string;
  village: string;
  xiaobanCode: string;
  treeNo: string;
  species: string;
  dbh: number;
  height: number | null;
  longitude: number;
  latitude: number;
  state: 0 | 1;
  surveyDate: string;
  felledDate: string | null;
  remark: string;
};

export type RowError = { row: number; column: string; message: string };

/** What a cell holds, as exceljs hands it over. */
export type CellValue = unknown;

export type Cell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'date'; date: Date }
  | { kind: 'formula' }
  | { kind: 'error' };

/** One cell, whatever exceljs made of it (rich text, hyperlink, shared string, formula…). */
export function readCell(value: CellValue): Cell {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'number')
    return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'error' };
  if (typeof value === 'string') {
    const text = value.trim();
    return text ? { kind: 'text', text } : { kind: 'empty' };
  }
  if (typeof value === 'boolean') return { kind: 'text', text: value ? 'TRUE' : 'FALSE' };
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? { kind: 'error' } : { kind: 'date', date: value };
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    // A formula (even with a cached result) is not data a county typed: refused, never evaluated.
    if ('formula' in v || 'sharedFormula' in v) return { kind: 'formula' };
    if (Array.isArray(v.richText)) {
      return readCell((v.richText as { text?: unknown }[]).map((r) => String(r.text ?? '')).join(''));
    }
    if ('text' in v) return readCell(typeof v.text === 'string' ? v.text : readText(v.text));
    if ('error' in v) return { kind: 'error' };
  }
  return { kind: 'error' };
}

function readText(value: unknown): string {
  const cell = readCell(value);
  return cell.kind === 'text' ? cell.text : cell.kind === 'number' ? String(cell.value) : '';
}

/** A header cell's text, for the header check. */
export function headerText(value: CellValue): string {
  const cell = readCell(value);
  if (cell.kind === 'text') return cell.text.replace(/\s+/g, '').slice(0, 100);
  if (cell.kind === 'number') return String(cell.value);
  return '';
}

const normaliseHeader = (h: string) =>
  h.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')').toLowerCase();

/**
 * The first row must name the template's columns in order (Chinese or English). Returns the
 * first mismatch as a message, or null.
 */
export function checkHeaders(cells: readonly CellValue[], lang: Lang): string | null {
  for (const [i, column] of ksssTemplateColumns.entries()) {
    const actual = headerText(cells[i]);
    const ok = [column.zh, column.en].some((h) => normaliseHeader(h) === normaliseHeader(actual));
    if (!ok) {
      return t(lang, 'ksssBadHeaders', {
        column: i + 1,
        expected: lang === 'en' ? column.en : column.zh,
        actual: actual.slice(0, 30),
      });
    }
  }
  return null;
}

/** Shanghai calendar date of a Date (spreadsheet dates arrive as UTC midnight of the day). */
function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Excel's serial day number (1900 system) to yyyy-MM-dd. */
function serialDay(n: number): string | null {
  if (!Number.isInteger(n) || n < 1 || n > 2_958_465) return null;
  return isoDay(new Date(Date.UTC(1899, 11, 30) + n * 86_400_000));
}

/** yyyy-MM-dd, yyyy/M/d or yyyy.M.d, checked as a real calendar day. */
export function parseDay(text: string): string | null {
  const m = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return isoDay(date);
}

type Checker = {
  lang: Lang;
  today: string;
  /** The project's section codes; empty set = no section check. */
  sections: ReadonlySet<string>;
};

const stateWords: Record<string, 0 | 1> = {
  未伐: 0,
  未采伐: 0,
  standing: 0,
  '0': 0,
  已伐: 1,
  已采伐: 1,
  felled: 1,
  '1': 1,
};

/**
 * Validates one data row (`cells` in template order, `rowNumber` as the spreadsheet numbers it).
 * Returns the row, or every problem of the row (one per column at most).
 */
export function validateRow(
  cells: readonly CellValue[],
  rowNumber: number,
  check: Checker,
): { row: CensusRow } | { errors: RowError[] } {
  const { lang } = check;
  const errors: RowError[] = [];
  const header = (key: KsssColumnKey) => {
    const column = ksssTemplateColumns.find((c) => c.key === key)!;
    return lang === 'en' ? column.en : column.zh;
  };
  const fail = (key: KsssColumnKey, message: MessageKey, params: Record<string, string | number> = {}) => {
    errors.push({
      row: rowNumber,
      column: header(key),
      message: t(lang, message, { field: header(key), ...params }),
    });
    return undefined;
  };
  const cellOf = (key: KsssColumnKey): Cell =>
    readCell(cells[ksssTemplateColumns.findIndex((c) => c.key === key)]);

  const text = (key: KsssColumnKey, required: boolean, max = MAX_CELL_CHARS): string | undefined => {
    const cell = cellOf(key);
    if (cell.kind === 'formula') return fail(key, 'ksssFormula');
    const value = cell.kind === 'text' ? cell.text : cell.kind === 'number' ? String(cell.value) : '';
    if (cell.kind === 'date' || cell.kind === 'error') return fail(key, 'ksssTooLong', { max });
    if (!value) return required ? fail(key, 'ksssRequired') : '';
    if (value.length > max) return fail(key, 'ksssTooLong', { max });
    return value;
  };
  const code = (key: KsssColumnKey): string | undefined => {
    const value = text(key, true, 10_000);
    if (value === undefined) return undefined;
    if (!XIAOBAN_PATTERN.test(value)) return fail(key, 'ksssBadCode');
    return value;
  };
  const number = (
    key: KsssColumnKey,
    required: boolean,
    min: number,
    max: number,
  ): number | null | undefined => {
    const cell = cellOf(key);
    if (cell.kind === 'formula') return fail(key, 'ksssFormula');
    if (cell.kind === 'empty') return required ? fail(key, 'ksssRequired') : null;
    const value = cell.kind === 'number' ? cell.value : cell.kind === 'text' ? Number(cell.text) : Number.NaN;
    if (!Number.isFinite(value) || value < min || value > max)
      return fail(key, 'ksssBadNumber', { min, max });
    return value;
  };
  const day = (key: KsssColumnKey, required: boolean): string | null | undefined => {
    const cell = cellOf(key);
    if (cell.kind === 'formula') return fail(key, 'ksssFormula');
    if (cell.kind === 'empty') return required ? fail(key, 'ksssRequired') : null;
    const value =
      cell.kind === 'date'
        ? isoDay(cell.date)
        : cell.kind === 'number'
          ? serialDay(cell.value)
          : cell.kind === 'text'
            ? parseDay(cell.text)
            : null;
    if (!value || value > check.today || value < '1990-01-01') return fail(key, 'ksssBadDate');
    return value;
  };

  const sectionCode = text('sectionCode', false, 50);
  if (sectionCode && check.sections.size && !check.sections.has(sectionCode)) {
    fail('sectionCode', 'ksssUnknownSection');
  }
  const township = text('township', true, 50);
  const village = text('village', false, 50);
  const xiaobanCode = code('xiaobanCode');
  const treeNo = code('treeNo');
  const speciesText = text('species', true, 20);
  let species: string | undefined = speciesText;
  if (speciesText !== undefined && !(pineSpecies as readonly string[]).includes(speciesText)) {
    species = fail('species', 'ksssBadSpecies', { allowed: pineSpecies.join('、') });
  }
  const dbh = number('dbh', true, 1, 200);
  const height = number('height', false, 0.5, 60);
  const longitude = number('longitude', true, 73, 136);
  const latitude = number('latitude', true, 3, 54);
  const stateText = text('state', true, 20);
  let state: 0 | 1 | undefined;
  if (stateText !== undefined) {
    state = stateWords[stateText.toLowerCase()];
    if (state === undefined) fail('state', 'ksssBadState');
  }
  const surveyDate = day('surveyDate', true);
  const felledDate = day('felledDate', false);
  if (state === 1 && surveyDate && felledDate !== undefined && (!felledDate || felledDate < surveyDate)) {
    fail('felledDate', 'ksssFelledDate');
  }
  if (state === 0 && felledDate) fail('felledDate', 'ksssUnfelledDate');
  const remark = text('remark', false);

  if (errors.length) return { errors };
  return {
    row: {
      sectionCode: sectionCode ?? '',
      township: township!,
      village: village ?? '',
      xiaobanCode: xiaobanCode!,
      treeNo: treeNo!,
      species: species!,
      dbh: dbh!,
      height: height ?? null,
      longitude: longitude!,
      latitude: latitude!,
      state: state!,
      surveyDate: surveyDate!,
      felledDate: felledDate ?? null,
      remark: remark ?? '',
    },
  };
}

/** A data row with nothing in any template column (trailing rows Excel keeps) is skipped. */
export function isBlankRow(cells: readonly CellValue[]): boolean {
  return ksssTemplateColumns.every((_, i) => readCell(cells[i]).kind === 'empty');
}
