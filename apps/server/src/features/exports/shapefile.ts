import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { RecordRow } from '@pineguard/contract';
import { csvRow } from '../../platform/excel.ts';
import { type ExportColumn, latitudeOf, longitudeOf, textOf } from './columns.ts';
import { zipFiles } from './zip.ts';

/**
 * A point shapefile written by hand (see docs/decisions/0131-shapefile-written-by-hand.md): .shp and .shx have fixed-size
 * records and are streamed as the rows come; the .dbf needs its field widths up front, so the
 * values go to a temporary JSON-lines file on the first pass (widths measured in UTF-8 bytes)
 * and the .dbf is written from it on the second. Memory stays flat. Text is UTF-8 (.cpg says so);
 * field names are ASCII of at most 10 characters, mapped to the column codes and Chinese headers
 * in fields.csv inside the ZIP.
 */

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

/** DBF field names: ASCII letters, digits and _, at most 10 characters, unique (case-insensitively). */
export function dbfFieldNames(codes: string[]): string[] {
  const used = new Set<string>();
  return codes.map((code, i) => {
    const base = (code.replace(/[^A-Za-z0-9_]/g, '_').replace(/^[^A-Za-z]+/, '') || `F${i + 1}`).slice(0, 10);
    let name = base;
    for (let n = 1; used.has(name.toUpperCase()); n++) {
      const suffix = `_${n}`;
      name = base.slice(0, 10 - suffix.length) + suffix;
    }
    used.add(name.toUpperCase());
    return name;
  });
}

/** UTF-8 bytes of `text` cut to at most `max` bytes without splitting a character. */
function utf8Cut(text: string, max: number): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return bytes;
  let end = max;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

async function write(stream: WriteStream, chunk: Buffer | string) {
  if (!stream.write(chunk)) await once(stream, 'drain');
}
async function close(stream: WriteStream) {
  stream.end();
  await once(stream, 'finish');
}

export async function writeShapefileZip(
  rows: AsyncIterable<RecordRow[]>,
  columns: ExportColumn[],
  dir: string,
  baseName: string,
  onRows?: (written: number) => Promise<void>,
): Promise<{ file: string; rows: number }> {
  const fields = columns;
  const names = dbfFieldNames(fields.map((c) => c.code));
  const numeric = fields.map((c) => c.code === 'gps_long' || c.code === 'gps_lat');
  const widths = fields.map(() => 1);
  const shpPath = join(dir, `${baseName}.shp`);
  const shxPath = join(dir, `${baseName}.shx`);
  const valuesPath = join(dir, 'values.jsonl');
  const shp = createWriteStream(shpPath);
  const shx = createWriteStream(shxPath);
  const values = createWriteStream(valuesPath);
  await write(shp, Buffer.alloc(100));
  await write(shx, Buffer.alloc(100));
  let count = 0;
  let [xmin, ymin, xmax, ymax] = [Infinity, Infinity, -Infinity, -Infinity];
  for await (const batch of rows) {
    const shpChunk = Buffer.alloc(28 * batch.length);
    const shxChunk = Buffer.alloc(8 * batch.length);
    const lines: string[] = [];
    batch.forEach((row, i) => {
      const x = longitudeOf(row);
      const y = latitudeOf(row);
      xmin = Math.min(xmin, x);
      ymin = Math.min(ymin, y);
      xmax = Math.max(xmax, x);
      ymax = Math.max(ymax, y);
      const offsetWords = (100 + 28 * (count + i)) / 2;
      shpChunk.writeInt32BE(count + i + 1, 28 * i);
      shpChunk.writeInt32BE(10, 28 * i + 4);
      shpChunk.writeInt32LE(1, 28 * i + 8);
      shpChunk.writeDoubleLE(x, 28 * i + 12);
      shpChunk.writeDoubleLE(y, 28 * i + 20);
      shxChunk.writeInt32BE(offsetWords, 8 * i);
      shxChunk.writeInt32BE(10, 8 * i + 4);
      const cells = fields.map((c, j) => {
        const text = numeric[j] ? String(c.code === 'gps_long' ? x : y) : textOf(row[c.code]);
        widths[j] = Math.max(widths[j]!, Math.min(254, Buffer.byteLength(text, 'utf8')));
        return text;
      });
      lines.push(JSON.stringify(cells));
    });
    count += batch.length;
    await write(shp, shpChunk);
    await write(shx, shxChunk);
    await write(values, lines.join('\n') + '\n');
    await onRows?.(count);
  }
  await Promise.all([close(shp), close(shx), close(values)]);
  if (count === 0) [xmin, ymin, xmax, ymax] = [0, 0, 0, 0];

  // Headers, now that the count and the extent are known.
  const header = (words: number) => {
    const h = Buffer.alloc(100);
    h.writeInt32BE(9994, 0);
    h.writeInt32BE(words, 24);
    h.writeInt32LE(1000, 28);
    h.writeInt32LE(1, 32);
    h.writeDoubleLE(xmin, 36);
    h.writeDoubleLE(ymin, 44);
    h.writeDoubleLE(xmax, 52);
    h.writeDoubleLE(ymax, 60);
    return h;
  };
  for (const [path, words] of [
    [shpPath, (100 + 28 * count) / 2],
    [shxPath, (100 + 8 * count) / 2],
  ] as const) {
    const fh = await open(path, 'r+');
    await fh.write(header(words), 0, 100, 0);
    await fh.close();
  }

  // The .dbf from the values file.
  const dbfPath = join(dir, `${baseName}.dbf`);
  const dbf = createWriteStream(dbfPath);
  const numWidth = 19;
  const fieldWidths = widths.map((w, j) => (numeric[j] ? numWidth : w));
  const recordLength = 1 + fieldWidths.reduce((a, b) => a + b, 0);
  const headerLength = 32 + 32 * fields.length + 1;
  const head = Buffer.alloc(headerLength);
  const now = new Date();
  head.writeUInt8(0x03, 0);
  head.writeUInt8(now.getUTCFullYear() - 1900, 1);
  head.writeUInt8(now.getUTCMonth() + 1, 2);
  head.writeUInt8(now.getUTCDate(), 3);
  head.writeUInt32LE(count, 4);
  head.writeUInt16LE(headerLength, 8);
  head.writeUInt16LE(recordLength, 10);
  fields.forEach((_, j) => {
    const at = 32 + 32 * j;
    head.write(names[j]!, at, 10, 'ascii');
    head.write(numeric[j] ? 'N' : 'C', at + 11, 1, 'ascii');
    head.writeUInt8(fieldWidths[j]!, at + 16);
    head.writeUInt8(numeric[j] ? 8 : 0, at + 17);
  });
  head.writeUInt8(0x0d, headerLength - 1);
  await write(dbf, head);
  const lines = createInterface({ input: createReadStream(valuesPath, 'utf8'), crlfDelay: Infinity });
  let buffered: Buffer[] = [];
  for await (const line of lines) {
    if (!line) continue;
    const cells = JSON.parse(line) as string[];
    const rec = Buffer.alloc(recordLength, 0x20);
    let at = 1;
    cells.forEach((text, j) => {
      const width = fieldWidths[j]!;
      if (numeric[j]) {
        const num = Number(text).toFixed(8).slice(0, width);
        rec.write(num.padStart(width, ' '), at, width, 'ascii');
      } else {
        utf8Cut(text, width).copy(rec, at);
      }
      at += width;
    });
    buffered.push(rec);
    if (buffered.length >= 500) {
      await write(dbf, Buffer.concat(buffered));
      buffered = [];
    }
  }
  buffered.push(Buffer.from([0x1a]));
  await write(dbf, Buffer.concat(buffered));
  await close(dbf);

  const csv = ['field,code,header', ...fields.map((c, j) => csvRow([names[j]!, c.code, c.label]))].join(
    '\r\n',
  );
  const zipPath = join(dir, `${baseName}.zip`);
  await zipFiles(zipPath, [
    { name: `${baseName}.shp`, path: shpPath },
    { name: `${baseName}.shx`, path: shxPath },
    { name: `${baseName}.dbf`, path: dbfPath },
    { name: `${baseName}.prj`, content: WGS84_PRJ },
    { name: `${baseName}.cpg`, content: 'UTF-8' },
    // With a byte-order mark so that Excel opens the Chinese headers as UTF-8.
    { name: 'fields.csv', content: `\ufeff${csv}\r\n` },
  ]);
  return { file: zipPath, rows: count };
}
