/**
 * Census spreadsheets for tests, the bench and the e2e journey: the template's header and
 * plausible rows (a few sub-compartments of a township, mostly felled pines).
 */
import { ksssTemplateColumns } from '@pineguard/contract';
import ExcelJS from 'exceljs';

export type FixtureCell = string | number | Date | null | { formula: string };

/** The i-th plausible tree row, in template order. */
export function censusRow(i: number, sectionCode = 'KH-BD01'): FixtureCell[] {
  const xiaoban = `0${Math.floor(i / 50) + 101}`.slice(-4);
  const felled = i % 4 !== 0;
  return [
    sectionCode,
    '华埠镇',
    i % 2 ? '下溪村' : '金星村',
    `KH-${xiaoban}`,
    `T${String(i + 1).padStart(5, '0')}`,
    i % 7 === 0 ? '黑松' : '马尾松',
    12 + (i % 25),
    6 + (i % 9),
    Number((118.21 + (i % 100) / 10_000).toFixed(6)),
    Number((29.08 + (i % 90) / 10_000).toFixed(6)),
    felled ? '已伐' : '未伐',
    '2026-10-12',
    felled ? '2026-10-20' : null,
    '',
  ];
}

/** An .xlsx holding `rows` under the template's header (or `header` when given). */
export async function censusWorkbook(rows: FixtureCell[][], header?: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('枯死松树普查');
  sheet.addRow(header ?? ksssTemplateColumns.map((c) => c.zh));
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The same, written by the streaming writer (for big files in the bench). */
export async function bigCensusWorkbook(count: number, bad = 0): Promise<Buffer> {
  const { PassThrough } = await import('node:stream');
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet('枯死松树普查');
  sheet.addRow(ksssTemplateColumns.map((c) => c.zh)).commit();
  for (let i = 0; i < count; i++) {
    const row = censusRow(i);
    if (i < bad) row[6] = 'abc';
    sheet.addRow(row).commit();
  }
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
