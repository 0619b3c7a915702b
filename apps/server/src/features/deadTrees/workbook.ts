import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../../platform/excel.ts';

/**
 * The census's streamed workbooks (template, exports, error report): one writer, plain sheets.
 * Text that a spreadsheet program would take for a formula is written as a plain string cell
 * (exceljs writes strings as strings, never as formulas); nothing else is needed, and the
 * value reads back unchanged.
 */

export type SheetSpec = { name: string; headers: string[]; widths?: number[] };

export function streamBook(sheets: (book: ExcelJS.stream.xlsx.WorkbookWriter) => Promise<void>): {
  stream: PassThrough;
} {
  const out = new PassThrough();
  loadExcel()
    .then((excel) => {
      const book = new excel.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: false,
      });
      return sheets(book).then(() => book.commit());
    })
    .catch((error: unknown) => out.destroy(error as Error));
  return { stream: out };
}

export function addSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, spec: SheetSpec) {
  const sheet = book.addWorksheet(spec.name);
  sheet.columns = spec.headers.map((header, i) => ({
    header,
    key: String(i),
    width: spec.widths?.[i] ?? 14,
  }));
  return sheet;
}
