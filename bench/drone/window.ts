// Windows of an 8-bit, pixel-interleaved (chunky) GeoTIFF, tiled or striped, by copying whole rows
// of each decoded block: geotiff.js's readRasters moves one sample at a time (≈ 13 MB/s here), this
// moves rows (memcpy). Used by the drone bench; the server's reader may take it over (issue 32).
import { getDecoder, type GeoTIFFImage } from 'geotiff';

export interface WindowReader {
  width: number;
  height: number;
  channels: number;
  read(x: number, y: number, w: number, h: number): Promise<Uint8Array>;
}

export async function windowReader(image: GeoTIFFImage): Promise<WindowReader> {
  const spp = image.getSamplesPerPixel();
  const bits = image.getBitsPerSample() as unknown as number;
  if (bits !== 8) throw new Error(`8-bit samples expected, found ${bits}`);
  const dir = image.fileDirectory as unknown as { getValue(k: string): number | undefined };
  if (dir.getValue('PlanarConfiguration') === 2)
    throw new Error('pixel-interleaved (chunky) samples expected');
  const compression = dir.getValue('Compression') ?? 1;
  // The parameters geotiff.js's default decoders take (its getDecoderParameters is not exported).
  const decoder = await getDecoder(compression, {
    tileWidth: image.getTileWidth(),
    tileHeight: image.getTileHeight(),
    planarConfiguration: 1,
    bitsPerSample: 8,
    predictor: dir.getValue('Predictor') ?? 1,
  } as never);
  const W = image.getWidth();
  const H = image.getHeight();
  const tw = image.getTileWidth();
  const th = image.getTileHeight();
  return {
    width: W,
    height: H,
    channels: spp,
    async read(x, y, w, h) {
      const out = new Uint8Array(w * h * spp);
      const jobs: Promise<void>[] = [];
      for (let ty = Math.floor(y / th); ty * th < y + h; ty++) {
        for (let tx = Math.floor(x / tw); tx * tw < x + w; tx++) {
          jobs.push(
            image.getTileOrStrip(tx, ty, 0, decoder).then(({ data }) => {
              const block = new Uint8Array(data);
              const bx0 = tx * tw;
              const by0 = ty * th;
              const x0 = Math.max(x, bx0);
              const x1 = Math.min(x + w, bx0 + tw, W);
              const y0 = Math.max(y, by0);
              const y1 = Math.min(y + h, by0 + th, H);
              for (let yy = y0; yy < y1; yy++) {
                const src = ((yy - by0) * tw + (x0 - bx0)) * spp;
                out.set(block.subarray(src, src + (x1 - x0) * spp), ((yy - y) * w + (x0 - x)) * spp);
              }
            }),
          );
        }
      }
      await Promise.all(jobs);
      return out;
    },
  };
}
