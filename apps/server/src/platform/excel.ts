import { stringify } from 'csv-stringify/sync';
import type ExcelJS from 'exceljs';
import { withCentralDirectory, withUtf8Fix } from './exceljsPatches.ts';
import { lazy } from './lazy.ts';

/**
 * exceljs (~27 MB resident), loaded by the first export or import that needs it, with its
 * streaming reader's faults fixed: UTF-8 split across chunks, entries lost by its one-pass ZIP
 * walk (platform/exceljsPatches.ts holds every patch).
 */
export const loadExcel = lazy(async (): Promise<typeof ExcelJS> =>
  withCentralDirectory(withUtf8Fix((await import('exceljs')).default)),
);

/** Call after each batch of rows committed to a streamed sheet (why: exceljsPatches.ts). */
export { batchWritten } from './exceljsPatches.ts';

/** The reader's worksheet progress event and its cap on one text's size (exceljsPatches.ts). */
export { MAX_TEXT_BYTES, OversizedText, SHEET_PROGRESS } from './exceljsPatches.ts';

/**
 * A text cell starting like a formula (=, +, -, @, tab, CR) is written with a leading ' so no
 * spreadsheet runs it: every text a user typed (a name, a file name) goes through it, in Excel and
 * in CSV alike.
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV line (RFC 4180 quoting, by csv-stringify) of formula-safe cells, without its line end. */
export function csvRow(cells: string[]): string {
  return stringify([cells.map(safeText)], { record_delimiter: 'unix' }).slice(0, -1);
}
