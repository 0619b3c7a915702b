import { createRequire } from 'node:module';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { loadExcel } from './excel.ts';
import {
  type ArchiveInternals,
  batchWritten,
  PATCHED_EXCELJS_VERSION,
  type ReaderInternals,
  SHEET_PROGRESS,
  type WriterInternals,
} from './exceljsPatches.ts';

/**
 * The exceljs internals exceljsPatches.ts relies on, at the pinned version. When one of these
 * fails after an upgrade, the patch named in the message no longer does its work: re-measure the
 * fault it fixed (see exceljsPatches.ts) and adapt or drop the patch before changing this test.
 */
const read = (stream: PassThrough) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

const streamedBook = (out: PassThrough) =>
  new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });

describe('exceljs patches (platform/exceljsPatches.ts)', () => {
  it('runs on the exceljs version the patches were written for', () => {
    const version = (createRequire(import.meta.url)('exceljs/package.json') as { version: string }).version;
    expect(version, 'exceljs was upgraded: re-check every patch in platform/exceljsPatches.ts').toBe(
      PATCHED_EXCELJS_VERSION,
    );
  });

  it('finds the writer internals batchWritten empties and waits on', async () => {
    const out = new PassThrough();
    const book = streamedBook(out);
    const sheet = book.addWorksheet('s') as unknown as WriterInternals & ExcelJS.Worksheet;
    expect(sheet._formulae, 'WorksheetWriter._formulae (the formula index batchWritten empties)').toEqual({});
    sheet.addRow([{ formula: '1+1', result: 2 }, 'x']).commit();
    expect(Object.keys(sheet._formulae!), 'exceljs files each formula cell in _formulae').toEqual(['A1']);
    const pipes = sheet.stream?.pipes;
    expect(Array.isArray(pipes), 'WorksheetWriter.stream.pipes (the pipes to the ZIP deflater)').toBe(true);
    expect(pipes!.length).toBeGreaterThan(0);
    for (const pipe of pipes!) {
      expect(
        typeof pipe._writableState?.needDrain,
        "the deflater pipe's _writableState.needDrain (backpressure batchWritten waits on)",
      ).toBe('boolean');
    }
    const bytes = read(out);
    await batchWritten(sheet);
    sheet.commit();
    await book.commit();
    await bytes;
  });

  it('batchWritten waits for the deflater to drain and empties the formula index; the file reads back whole', async () => {
    const out = new PassThrough();
    const book = streamedBook(out);
    const sheet = book.addWorksheet('s') as unknown as WriterInternals & ExcelJS.Worksheet;
    const rows = 30_000;
    for (let i = 0; i < rows; i++) {
      sheet
        .addRow([{ formula: `ROW()*${i}`, result: i }, `${i.toString(36)}-${Math.random().toString(36)}`])
        .commit();
    }
    // Nobody reads the file yet: once the rows reach it, the deflater is full.
    const fullPipe = () => sheet.stream!.pipes!.find((p) => p._writableState?.needDrain);
    for (let waited = 0; !fullPipe() && waited < 2_000; waited += 20) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const full = fullPipe();
    expect(full, 'rows written past what the deflater took set needDrain on its pipe').toBeDefined();
    let drains = 0;
    full!.on('drain', () => (drains += 1));
    let drainsWhenDone = -1;
    const written = batchWritten(sheet).then(() => (drainsWhenDone = drains));
    expect(sheet._formulae, 'batchWritten empties the formula index').toEqual({});
    const bytes = read(out);
    await written;
    expect(drainsWhenDone, "batchWritten answers only after the deflater's pipe drained").toBeGreaterThan(0);
    sheet.addRow([{ formula: 'ROW()*2', result: 2 }, 'last']).commit();
    sheet.commit();
    await book.commit();
    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await bytes) as unknown as ArrayBuffer);
    const ws = back.worksheets[0]!;
    expect(ws.rowCount).toBe(rows + 1);
    expect(ws.getRow(7).getCell(1).value).toEqual({ formula: 'ROW()*6', result: 6 });
    expect(ws.getRow(rows + 1).getCell(1).value).toEqual({ formula: 'ROW()*2', result: 2 });
    expect(ws.getRow(rows + 1).getCell(2).value).toBe('last');
  });

  it('finds the reader methods withUtf8Fix wraps, wrapped once by loadExcel', async () => {
    const excel = await loadExcel();
    const proto = excel.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;
    expect(typeof proto._parseWorksheet, 'WorkbookReader.prototype._parseWorksheet').toBe('function');
    expect(typeof proto._parseSharedStrings, 'WorkbookReader.prototype._parseSharedStrings').toBe('function');
    expect(proto.__utf8Fixed, 'loadExcel answers exceljs with the reader fixed').toBe(true);
    expect(await loadExcel()).toBe(excel);
  });

  it('the fixed reader reads Chinese intact where characters straddle chunk boundaries', async () => {
    const words = ['马尾松', '黑松', '华埠镇', '池淮镇', '枯死松树'];
    const rowOf = (i: number) => [words[i % words.length]!.repeat(1 + (i % 7)), `第${i}行`, i];
    const rows = 4_000;
    for (const sharedStrings of [false, true]) {
      const out = new PassThrough();
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: false,
        useSharedStrings: sharedStrings,
      });
      const bytes = read(out);
      const sheet = book.addWorksheet('普查');
      for (let i = 0; i < rows; i++) sheet.addRow(rowOf(i)).commit();
      sheet.commit();
      await book.commit();
      const excel = await loadExcel();
      const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([await bytes]), {
        worksheets: 'emit',
        sharedStrings: 'cache',
        styles: 'cache',
        hyperlinks: 'ignore',
        entries: 'ignore',
      });
      let n = 0;
      for await (const ws of reader) {
        for await (const row of ws) {
          expect((row.values as unknown[]).slice(1), `row ${row.number}`).toEqual(rowOf(n));
          n += 1;
        }
      }
      expect(n).toBe(rows);
    }
  });

  it('finds the reader methods withCentralDirectory calls, and the fields they fill', async () => {
    const excel = await loadExcel();
    const proto = excel.stream.xlsx.WorkbookReader.prototype as unknown as ArchiveInternals;
    for (const name of [
      '_getStream',
      '_parseRels',
      '_parseWorkbook',
      '_parseStyles',
      '_parseHyperlinks',
    ] as const) {
      expect(typeof proto[name], `WorkbookReader.prototype.${name}`).toBe('function');
    }
    expect(proto.__centralDirectory, 'loadExcel answers exceljs with parse replaced').toBe(true);
    const book = new ExcelJS.Workbook();
    book.addWorksheet('甲').addRow(['a']);
    book.addWorksheet('乙').addRow(['b']);
    const reader = new excel.stream.xlsx.WorkbookReader(
      Readable.from([Buffer.from(await book.xlsx.writeBuffer())]),
      {},
    ) as unknown as ArchiveInternals & AsyncIterable<{ name: string }>;
    const names: string[] = [];
    for await (const ws of reader) names.push(ws.name);
    expect(names, "each worksheet, named from the workbook part, in the workbook's order").toEqual([
      '甲',
      '乙',
    ]);
    expect(reader.workbookRels?.length, '_parseRels fills workbookRels').toBeGreaterThan(0);
    expect(
      reader.model?.sheets?.map((s) => s.rId),
      '_parseWorkbook fills model.sheets',
    ).toHaveLength(2);
  });

  it('reads every part of the archive however its bytes arrive (exceljs lost the parts after the first sheet)', async () => {
    // exceljs writes the sheet, then the shared strings, the styles and the workbook part last.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('普查');
    sheet.addRow(['标段编号', '小班号', '树号']);
    sheet.addRow(['KH-BD01', 'KH-0101', 'T00001']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const excel = await loadExcel();
    // Chunks of 4 KB, a turn of the event loop apart: the one-pass reader failed 4 reads in 100 so.
    const trickle = () =>
      Readable.from(
        (async function* () {
          for (let at = 0; at < bytes.length; at += 4096) {
            await new Promise((resolve) => setImmediate(resolve));
            yield bytes.subarray(at, at + 4096);
          }
        })(),
      );
    const failures: string[] = [];
    for (let i = 0; i < 300; i++) {
      const reader = new excel.stream.xlsx.WorkbookReader(trickle(), { sharedStrings: 'cache' });
      const rows: unknown[][] = [];
      try {
        for await (const ws of reader)
          for await (const row of ws) rows.push((row.values as unknown[]).slice(1));
      } catch (error) {
        failures.push(String(error));
        continue;
      }
      if (rows[1]?.[2] !== 'T00001') failures.push(JSON.stringify(rows));
    }
    expect(failures).toEqual([]);
  });

  it("tells how far the worksheet has been read, up to the sheet's whole size", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('普查');
    for (let i = 0; i < 20_000; i++) sheet.addRow([`KH-${i}`, i, '马尾松']);
    const excel = await loadExcel();
    const reader = new excel.stream.xlsx.WorkbookReader(
      Readable.from([Buffer.from(await book.xlsx.writeBuffer())]),
      {},
    );
    const seen: [number, number][] = [];
    (reader as unknown as NodeJS.EventEmitter).on(SHEET_PROGRESS, (read: number, size: number) =>
      seen.push([read, size]),
    );
    let rows = 0;
    const readWhenRowsStarted: number[] = [];
    for await (const ws of reader) {
      for await (const _row of ws) {
        if (rows++ === 0) readWhenRowsStarted.push(seen.at(-1)![0]);
      }
    }
    expect(rows).toBe(20_000);
    expect(seen.length, 'one report per chunk of the sheet, not one at the end').toBeGreaterThan(3);
    const size = seen[0]![1];
    expect(readWhenRowsStarted[0]!, 'the first rows come before the sheet is all read').toBeLessThan(size);
    expect(seen.map(([read]) => read)).toEqual([...seen.map(([read]) => read)].sort((a, b) => a - b));
    expect(seen.at(-1)).toEqual([size, size]);
  });
});
