import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type ExcelJS from 'exceljs';

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

type ReaderInternals = {
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
