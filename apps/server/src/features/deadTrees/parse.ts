import type { Readable } from 'node:stream';
import { t } from '@pineguard/contract';
import { loadExcel, MAX_TEXT_BYTES, OversizedText, SHEET_PROGRESS } from '../../platform/excel.ts';
import {
  type CensusRow,
  checkHeaders,
  isBlankRow,
  MAX_REPORTED_ERRORS,
  MAX_ROWS,
  type RowError,
  validateRow,
} from './sheet.ts';

/**
 * Reading an uploaded census: the first worksheet streamed (exceljs's reader, its UTF-8 fault
 * fixed by loadExcel), the header checked, every row validated (sheet.ts), repeated trees found.
 * A file that cannot be imported at all throws ImportRefused with the reason the task shows.
 */

export class ImportRefused extends Error {}

export type Parsed = { rows: CensusRow[]; total: number; errors: RowError[]; rejected: number };

/**
 * Reads the first worksheet as a stream: header check, then every row validated. `onRead` hears
 * how much of the sheet has been read (0–1).
 */
export async function parseCensus(
  source: Readable,
  check: Parameters<typeof validateRow>[2],
  signal?: AbortSignal,
  onRead?: (fraction: number) => void,
): Promise<Parsed> {
  const excel = await loadExcel();
  const reader = new excel.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  if (onRead) {
    (reader as unknown as NodeJS.EventEmitter).on(SHEET_PROGRESS, (read: number, size: number) =>
      onRead(Math.min(1, read / Math.max(1, size))),
    );
  }
  const out: Parsed = { rows: [], total: 0, errors: [], rejected: 0 };
  const seen = new Map<string, number>();
  let headerSeen = false;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (signal?.aborted) throw new Error('aborted');
        // exceljs numbers cells from 1: values[0] is empty.
        const cells = (row.values as unknown[]).slice(1);
        if (!headerSeen) {
          headerSeen = true;
          const problem = checkHeaders(cells, check.lang);
          if (problem) throw new ImportRefused(problem);
          continue;
        }
        if (isBlankRow(cells)) continue;
        out.total += 1;
        if (out.total > MAX_ROWS)
          throw new ImportRefused(t(check.lang, 'ksssTooManyRows', { limit: MAX_ROWS }));
        const result = validateRow(cells, row.number, check);
        let errors = 'errors' in result ? result.errors : [];
        if ('row' in result) {
          const key = `${result.row.xiaobanCode}\u0000${result.row.treeNo}`;
          const first = seen.get(key);
          if (first !== undefined) {
            const column = check.lang === 'en' ? 'Tree no.' : '树号';
            errors = [
              { row: row.number, column, message: t(check.lang, 'ksssDuplicateTree', { row: first }) },
            ];
          } else {
            seen.set(key, row.number);
            out.rows.push(result.row);
          }
        }
        if (errors.length) {
          out.rejected += 1;
          for (const e of errors) if (out.errors.length < MAX_REPORTED_ERRORS) out.errors.push(e);
        }
      }
      break; // the first worksheet is the census; others (notes) are not read
    }
  } catch (error) {
    if (error instanceof ImportRefused) throw error;
    if ((error as Error).message === 'aborted') throw error;
    if (error instanceof OversizedText) {
      throw new ImportRefused(t(check.lang, 'ksssHugeText', { limit: MAX_TEXT_BYTES / 1024 / 1024 }));
    }
    throw new ImportRefused(t(check.lang, 'ksssUnreadable'));
  }
  if (!headerSeen) throw new ImportRefused(t(check.lang, 'ksssUnreadable'));
  if (!out.total) throw new ImportRefused(t(check.lang, 'ksssNoRows'));
  return out;
}
