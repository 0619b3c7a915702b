import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { lazy } from './lazy.ts';

/** exceljs (~27 MB resident), loaded by the first export or import that needs it. */
export const loadExcel = lazy(async (): Promise<typeof ExcelJS> => (await import('exceljs')).default);

/**
 * Call after each batch of rows committed to a streamed sheet; exceljs 4.4 holds two things it
 * should not, measured at 100,000 and 1,000,000 records:
 * - it hands the sheet's XML to the ZIP deflater without waiting for it (it ignores the pipe's
 *   backpressure), so rows written faster than they are compressed pile up (85 MB more at 100,000
 *   records): wait until the deflater has taken what is queued;
 * - it files every formula cell of the sheet by address, for shared formulas (which we never
 *   write), until the sheet ends: a million HYPERLINK cells exhausted a 256 MB heap. The index is
 *   emptied.
 */
export async function batchWritten(sheet: unknown): Promise<void> {
  // The pipe is archiver's readable-stream 2 PassThrough: its state is `_writableState`.
  type Pipe = Writable & { _writableState?: { needDrain?: boolean } };
  const internals = sheet as { stream?: { pipes?: Pipe[] }; _formulae?: Record<string, unknown> };
  if (internals._formulae) internals._formulae = {};
  for (const pipe of internals.stream?.pipes ?? []) {
    if (pipe._writableState?.needDrain) await once(pipe, 'drain');
  }
}

/**
 * A text cell starting like a formula (=, +, -, @, tab, CR) is written with a leading ' so no
 * spreadsheet runs it: every text a user typed (a name, a file name) goes through it, in Excel and
 * in CSV alike.
 */
export function safeText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV line (RFC 4180 quoting) of formula-safe cells. */
export function csvRow(cells: string[]): string {
  return cells
    .map((cell) => {
      const v = safeText(cell);
      return /[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
    })
    .join(',');
}
