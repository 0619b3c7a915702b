import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { StringDecoder } from 'node:string_decoder';
import type ExcelJS from 'exceljs';
import { Open, type File as ZipFile } from 'unzipper';

/**
 * Every place PineGuard reaches into exceljs's private internals, and nowhere else. They fix
 * faults of exceljs 4.4.0 (pinned in apps/server/package.json) measured on real files; each
 * touches a private name, so exceljsPatches.unit.test.ts checks those names and what each patch is for
 * at the pinned version: an upgrade that renames or reworks them fails that test, loudly, instead
 * of silently losing memory bounds or Chinese characters.
 *
 * - Streaming writer (`batchWritten`): `worksheet._formulae`, `worksheet.stream.pipes[i]._writableState`.
 * - Streaming reader (`withUtf8Fix`): `WorkbookReader.prototype._parseWorksheet` / `_parseSharedStrings`.
 * - Streaming reader (`withCentralDirectory`): `WorkbookReader.prototype.parse`, `_getStream`,
 *   `_parseRels`, `_parseWorkbook`, `_parseStyles`, `_parseHyperlinks` and the fields they fill
 *   (`workbookRels`, `model`).
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

/** What `withCentralDirectory` replaces and calls on exceljs's WorkbookReader. */
export type ArchiveInternals = ReaderInternals & {
  input: unknown;
  options: { hyperlinks?: string };
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  parse(input?: unknown, options?: object): AsyncGenerator<unknown>;
  _getStream(input: unknown): Readable;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseHyperlinks(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>;
  emit(event: string, ...args: unknown[]): boolean;
  __centralDirectory?: boolean;
};

const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The event a reader emits as a worksheet's XML is read: (bytes read, the sheet's size). */
export const SHEET_PROGRESS = 'sheet-progress';

/**
 * The longest run of a worksheet's or the shared strings' XML without a tag (a cell's text, in
 * practice) the reader lets through. Its XML parser holds a text whole until the text ends: a
 * 300 MB cell, a few hundred KB compressed, took the process to 1.4 GB. The census refuses cells
 * of over 1 M characters (3 MB of UTF-8) anyway.
 */
export const MAX_TEXT_BYTES = 8 * 1024 * 1024;

/** A worksheet holding a text longer than MAX_TEXT_BYTES: the file is refused, not read on. */
export class OversizedText extends Error {
  constructor() {
    super(`a worksheet text over ${MAX_TEXT_BYTES} bytes`);
    this.name = 'OversizedText';
  }
}

/**
 * exceljs 4.4's streaming reader walks the ZIP's entries in one pass (unzipper's Parse, iterated
 * by its own `iterateStream`), and that pass sometimes ends right after the first worksheet: every
 * later entry is lost (measured here: 1 read in 1,000–8,000 of a one-row census; 4 in 100 fed in
 * 4 KB chunks; exceljs issue 3064). exceljs writes the workbook part last, so the sheet is then
 * read without it and throws; an Excel file, whose shared strings come after its sheets, would
 * lose those. A valid census was refused as unreadable (CI stop 38, a journey on 2026-12-06).
 *
 * `parse` is replaced by one that reads the archive by its central directory (unzipper's Open,
 * the same library): the relationships, the workbook, the shared strings and the styles are read
 * first, whatever their order in the file, then each worksheet in the workbook's own order, still
 * streamed row by row. The archive's compressed bytes are held while it is read (bounded by the
 * upload limit: 50 MB).
 */
export function withCentralDirectory(excel: typeof ExcelJS): typeof ExcelJS {
  const proto = excel.stream.xlsx.WorkbookReader.prototype as unknown as ArchiveInternals;
  if (proto.__centralDirectory) return excel;
  proto.parse = async function* (this: ArchiveInternals, input?: unknown, options?: object) {
    if (options) this.options = options;
    const archive = await Open.buffer(await buffer(this._getStream(input ?? this.input)));
    const files = new Map(archive.files.filter((f) => f.type === 'File').map((f) => [f.path, f]));
    const open = (file: ZipFile) => file.stream() as unknown as Readable;
    const part = (path: string) => files.get(path);
    const rels = part('xl/_rels/workbook.xml.rels');
    if (rels) await this._parseRels(open(rels));
    const workbook = part('xl/workbook.xml');
    if (workbook) await this._parseWorkbook(open(workbook));
    const strings = part('xl/sharedStrings.xml');
    if (strings) yield* this._parseSharedStrings(capped(open(strings)));
    const styles = part('xl/styles.xml');
    if (styles) await this._parseStyles(open(styles));
    for (const sheetNo of sheetOrder(this, [...files.keys()])) {
      const links = part(`xl/worksheets/_rels/sheet${sheetNo}.xml.rels`);
      if (links && this.options.hyperlinks === 'emit') yield* this._parseHyperlinks(open(links), sheetNo);
      const sheet = part(`xl/worksheets/sheet${sheetNo}.xml`)!;
      const progress = (read: number) => this.emit(SHEET_PROGRESS, read, sheet.uncompressedSize);
      yield* this._parseWorksheet(capped(open(sheet), progress), sheetNo);
    }
  };
  proto.__centralDirectory = true;
  return excel;
}

/**
 * An XML part's bytes, refused (OversizedText) at a text longer than MAX_TEXT_BYTES; `onRead`
 * hears the bytes read so far (a worksheet's progress: the whole archive is in hand before the
 * rows are, so its own bytes no longer tell how far the reading has got).
 */
async function* capped(part: Readable, onRead?: (read: number) => void): AsyncGenerator<Buffer> {
  let run = 0; // bytes since the last '<'
  let read = 0;
  for await (const piece of part) {
    const chunk = piece as Buffer;
    run = textRunAfter(chunk, run);
    read += chunk.length;
    onRead?.(read);
    yield chunk;
  }
}

/** The run of bytes without a '<' at the chunk's end, given the run before it; throws past the cap. */
function textRunAfter(chunk: Buffer, before: number): number {
  const LT = 0x3c;
  const first = chunk.indexOf(LT);
  if (first < 0) {
    if (before + chunk.length > MAX_TEXT_BYTES) throw new OversizedText();
    return before + chunk.length;
  }
  if (before + first > MAX_TEXT_BYTES) throw new OversizedText();
  // Runs inside a chunk are shorter than the chunk: only a chunk past the cap needs a full look.
  if (chunk.length > MAX_TEXT_BYTES) {
    for (let at = first; at >= 0;) {
      const next = chunk.indexOf(LT, at + 1);
      if ((next < 0 ? chunk.length : next) - at - 1 > MAX_TEXT_BYTES) throw new OversizedText();
      at = next;
    }
  }
  return chunk.length - chunk.lastIndexOf(LT) - 1;
}

/** The worksheets' numbers in the workbook's tab order, then any other sheet part by number. */
function sheetOrder(reader: ArchiveInternals, paths: string[]): string[] {
  const present = paths.flatMap((p) => SHEET.exec(p)?.[1] ?? []).sort((a, b) => Number(a) - Number(b));
  const byRel = new Map((reader.workbookRels ?? []).map((r) => [r.Id, r.Target]));
  const tabs = (reader.model?.sheets ?? []).flatMap((s) => {
    const target = byRel.get(s.rId);
    return target ? (SHEET.exec(`xl/${target.replace(/^\/?xl\//, '')}`)?.[1] ?? []) : [];
  });
  const ordered = tabs.filter((n) => present.includes(n));
  return [...new Set([...ordered, ...present])];
}
