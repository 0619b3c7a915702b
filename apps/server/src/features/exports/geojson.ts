import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { RecordRow } from '@pineguard/contract';
import { type ExportColumn, latitudeOf, longitudeOf, textOf } from './columns.ts';

/** A GeoJSON FeatureCollection (RFC 7946, WGS 84 lon/lat), one Point per record, streamed. */
export async function writeGeoJson(
  rows: AsyncIterable<RecordRow[]>,
  columns: ExportColumn[],
  file: string,
  onRows?: (written: number) => Promise<void>,
): Promise<{ file: string; rows: number }> {
  const out = createWriteStream(file);
  const put = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  await put('{"type":"FeatureCollection","features":[\n');
  let count = 0;
  for await (const batch of rows) {
    const parts = batch.map((row) => {
      const properties: Record<string, unknown> = {};
      for (const c of columns) {
        const raw = row[c.code];
        properties[c.code] = c.kind === 'number' && raw !== '' && raw != null ? Number(raw) : textOf(raw);
      }
      return JSON.stringify({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [longitudeOf(row), latitudeOf(row)] },
        properties,
      });
    });
    await put((count ? ',\n' : '') + parts.join(',\n'));
    count += batch.length;
    await onRows?.(count);
  }
  await put('\n]}\n');
  out.end();
  await once(out, 'finish');
  return { file, rows: count };
}
