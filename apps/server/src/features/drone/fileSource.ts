import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GeoTIFFImage } from 'geotiff';
import type { AppDeps } from '../../platform/deps.ts';
import { PLAIN } from './blocks.ts';
import type { FileWindowSource } from './detect/fileWindows.ts';
import { partKey } from './partSource.ts';
import type { OrthoRow } from './upload.ts';

type Dir = { loadValue(tag: string): Promise<unknown> };

/**
 * Where the detection workers read an orthophoto from themselves: its stored parts on local disk
 * (detect/fileWindows.ts). Null — windows are then read on the server's thread — on S3, for a
 * layout the row copier does not handle (band-separate, JPEG/WebP), or when the parts on disk are
 * not the sizes the row says.
 */
export async function localFileSource(
  deps: AppDeps,
  row: OrthoRow,
  image: GeoTIFFImage,
): Promise<FileWindowSource | null> {
  const localPath = deps.storage.localPath;
  if (!localPath) return null;
  const dir = image.fileDirectory as unknown as Dir;
  const planar = Number((await dir.loadValue('PlanarConfiguration')) ?? 1);
  const compression = Number((await dir.loadValue('Compression')) ?? 1);
  if (planar !== 1 || !PLAIN.has(compression)) return null;
  const paths = Array.from({ length: row.partCount }, (_, n) =>
    localPath(partKey(row.projectCode, row.id, n)),
  );
  const lastSize = row.size - (row.partCount - 1) * row.partSize;
  const sizeOf = (p: string) => statSync(p, { throwIfNoEntry: false })?.size;
  if (sizeOf(paths[0]!) !== Math.min(row.partSize, row.size) || sizeOf(paths.at(-1)!) !== lastSize)
    return null;
  const tiled = image.isTiled;
  const offsets = (await dir.loadValue(tiled ? 'TileOffsets' : 'StripOffsets')) as ArrayLike<number | bigint>;
  const counts = (await dir.loadValue(tiled ? 'TileByteCounts' : 'StripByteCounts')) as ArrayLike<
    number | bigint
  >;
  const alpha = row.bands === 4 ? !row.hasNir : row.bands === 5;
  return {
    paths,
    partSize: row.partSize,
    width: image.getWidth(),
    height: image.getHeight(),
    blockWidth: image.getTileWidth(),
    blockHeight: image.getTileHeight(),
    spp: image.getSamplesPerPixel(),
    compression,
    predictor: Number((await dir.loadValue('Predictor')) ?? 1),
    offsets: Array.from(offsets, Number),
    counts: Array.from(counts, Number),
    colour: alpha ? [0, 1, 2, 3] : [0, 1, 2],
    nirSample: row.hasNir === 1 ? (row.bands === 5 ? 4 : 3) : -1,
    geotiffPath: createRequire(import.meta.url).resolve('geotiff'),
  };
}
