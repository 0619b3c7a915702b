import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { lazy } from './lazy.ts';

/** exceljs (~27 MB resident), loaded by the first export or import that needs it. */
export const loadExcel = lazy(async (): Promise<typeof ExcelJS> => (await import('exceljs')).default);

/**
 * exceljs's streaming writer hands the sheet's XML to the ZIP deflater without waiting for it
 * (exceljs 4.4 ignores the pipe's backpressure), so rows written faster than they are compressed
 * pile up in memory (85 MB more at 100,000 records). After each batch, wait until the deflater has
 * taken what is queued.
 */
export async function zipCaughtUp(sheet: unknown): Promise<void> {
  // The pipe is archiver's readable-stream 2 PassThrough: its state is `_writableState`.
  type Pipe = Writable & { _writableState?: { needDrain?: boolean } };
  const pipes = (sheet as { stream?: { pipes?: Pipe[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) {
    if (pipe._writableState?.needDrain) await once(pipe, 'drain');
  }
}
