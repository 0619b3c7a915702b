import type { RecordRow } from '@pineguard/contract';
import type ExcelJS from 'exceljs';
import { loadExcel, batchWritten, safeText } from '../../platform/excel.ts';
import { type ExportColumn, mediaIds, textOf } from './columns.ts';

/**
 * A clickable link as a HYPERLINK formula, not a hyperlink cell: exceljs keeps every hyperlink cell
 * of a sheet in memory until the sheet ends (they go to the sheet's relationships), and a million
 * of them exhausted the server's heap. The URL is ours (a signed media address); a formula string
 * holds at most 255 characters, beyond which the URL is written as text.
 */
function linkCell(url: string, text: string): ExcelJS.CellValue {
  const quoted = (s: string) => `"${s.replaceAll('"', '""')}"`;
  if (url.length > 255) return url;
  return { formula: `HYPERLINK(${quoted(url)},${quoted(text)})`, result: text };
}

/** 'YYYY-MM-DD HH:mm:ss' (China time) → the instant, as Excel shows it in China time. */
function chinaDate(text: string): Date | string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return text;
  // Excel dates carry no zone: write the wall-clock time the list shows.
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)));
}

/**
 * One sheet per standard table (an export reads one table), headers from the descriptors, dates as
 * dates, numbers as numbers, photo and video columns as links (signed for the export's lifetime),
 * text that looks like a formula written as text. Streamed: rows are committed as they come.
 */
export async function writeExcel(
  rows: AsyncIterable<RecordRow[]>,
  columns: ExportColumn[],
  file: string,
  sheetName: string,
  mediaLink: (fileId: string) => string,
  onRows?: (written: number) => Promise<void>,
): Promise<{ file: string; rows: number }> {
  const excel = await loadExcel();
  const book = new excel.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = book.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, '_').slice(0, 31) || 'Sheet1');
  sheet.columns = columns.map((c) => ({
    header: c.label,
    key: c.code,
    width:
      c.kind === 'datetime'
        ? 20
        : c.kind === 'media'
          ? 24
          : Math.min(40, Math.max(10, c.label.length * 2 + 2)),
  }));
  // One style object per column, given to each of its cells: exceljs files a cell's style by
  // object identity, so a shared object is looked up once instead of rendered for every cell
  // (a column style would be copied into a fresh object per cell).
  const styles: Partial<ExcelJS.Style>[] = columns.map((c) =>
    c.kind === 'datetime'
      ? { numFmt: 'yyyy-mm-dd hh:mm:ss' }
      : c.kind === 'date'
        ? { numFmt: 'yyyy-mm-dd' }
        : {},
  );
  let count = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      const values = columns.map((c): ExcelJS.CellValue => {
        const raw = row[c.code];
        if (c.kind === 'media') {
          const ids = mediaIds(raw);
          if (!ids.length) return '';
          // One link per cell (Excel's limit), to the first file.
          return linkCell(
            mediaLink(ids[0]!),
            ids.length > 1 ? `${ids.length} 个文件 / files` : '查看 / open',
          );
        }
        const text = textOf(raw);
        if (text === '') return '';
        if (c.kind === 'number') {
          const n = Number(text);
          return Number.isFinite(n) ? n : safeText(text);
        }
        if (c.kind === 'date' || c.kind === 'datetime') return chinaDate(text);
        // Excel refuses cells over 32,767 characters.
        return safeText(text.slice(0, 32_000));
      });
      const added = sheet.addRow(values);
      for (let i = 0; i < styles.length; i++) added.getCell(i + 1).style = styles[i]!;
      added.commit();
    }
    count += batch.length;
    await batchWritten(sheet);
    await onRows?.(count);
  }
  sheet.commit();
  await book.commit();
  return { file, rows: count };
}
