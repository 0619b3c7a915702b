import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type ExcelJS from 'exceljs';

/**
 * Every place PineGuard reaches into exceljs's private internals, and nowhere else. They fix
 * faults of exceljs 4.4.0 (pinned in apps/server/package.json) measured on real files; each
 * touches a private name, so exceljsPatches.unit.test.ts checks those names and what each patch is for
 * at the pinned version: an upgrade that renames or reworks them fails that test, loudly, instead
 * of silently losing memory bounds or Chinese characters.
 *
 * - Streaming writer (`batchWritten`): `worksheet._formulae`, `worksheet.stream.pipes[i]._writableState`.
 * - Streaming reader (`withUtf8Fix`): `WorkbookReader.prototype._parseWorksheet` / `_parseSharedStrings`.
 */
export const PATCHED_EXCELJS_VERSION = '4.4.0';

/* ------------------------------------------------------------------ streaming writer */

/** What `batchWritten` reads of a streamed worksheet (exceljs's WorksheetWriter). */
export type WriterInternals = {
  /** Formula cells filed by address for shared formulas, kept until the sheet ends. */
  _formulae?: Record<string, unknown>;
  /** The sheet's XML buffer (exceljs StreamBuf) and what it is piped to: the ZIP deflater. */
  stream?: { pipes?: (Writable & { _writableState?: { needDrain?: boolean } })[] };
};

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
  // The pipe is archiver's readable-stream PassThrough: its state is `_writableState`.
  const internals = sheet as WriterInternals;
  if (internals._formulae) internals._formulae = {};
  for (const pipe of internals.stream?.pipes ?? []) {
    if (pipe._writableState?.needDrain) await once(pipe, 'drain');
  }
}

/* ------------------------------------------------------------------ streaming reader */

/**
 * exceljs 4.4's streaming reader decodes each chunk of a worksheet or of the shared strings on
 * its own (TextDecoder without `stream`), so a Chinese character split across two chunks comes
 * out as two U+FFFD (seen: 马尾松 read as 马��松 in row 1690 of a 2,000-row census). The entries
 * are handed over already decoded here, with a StringDecoder that keeps a split character's
 * bytes for the next chunk; exceljs passes strings through untouched.
 */
async function* decoded(source: AsyncIterable<unknown>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of source) {
    yield typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/** What `withUtf8Fix` wraps on exceljs's WorkbookReader prototype. */
export type ReaderInternals = {
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>;
  _parseSharedStrings(entry: AsyncIterable<unknown>): AsyncGenerator<unknown>;
  __utf8Fixed?: boolean;
};

/** exceljs with its streaming reader fixed (once; the fix patches the reader's prototype). */
export function withUtf8Fix(excel: typeof ExcelJS): typeof ExcelJS {
  const proto = excel.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;
  if (proto.__utf8Fixed) return excel;
  const parseWorksheet = proto._parseWorksheet;
  const parseSharedStrings = proto._parseSharedStrings;
  proto._parseWorksheet = function (iterator, sheetNo) {
    return parseWorksheet.call(this, Readable.from(decoded(iterator)), sheetNo);
  };
  proto._parseSharedStrings = function (entry) {
    return parseSharedStrings.call(this, Readable.from(decoded(entry)));
  };
  proto.__utf8Fixed = true;
  return excel;
}
