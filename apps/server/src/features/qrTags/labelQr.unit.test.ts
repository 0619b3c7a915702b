import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { labelQr } from './export.ts';

/** The label's QR drawn as pixels (6 px a module, 4 modules of quiet zone), as a PNG. */
async function rasterise(url: string): Promise<Uint8Array> {
  const qr = labelQr(url);
  const n = qr.modules.size;
  const scale = 6;
  const quiet = 4;
  const width = (n + 2 * quiet) * scale;
  const pixels = Buffer.alloc(width * width, 255);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      if (qr.modules.get(r, c))
        for (let y = 0; y < scale; y++)
          pixels.fill(
            0,
            ((r + quiet) * scale + y) * width + (c + quiet) * scale,
            ((r + quiet) * scale + y) * width + (c + quiet + 1) * scale,
          );
  return sharp(pixels, { raw: { width, height: width, channels: 1 } })
    .png()
    .toBuffer();
}

describe('label QR', () => {
  beforeAll(() => {
    // The decoder's wasm from the package itself (its default is a CDN, and tests run offline).
    const entry = createRequire(import.meta.url).resolve('zxing-wasm/reader');
    const wasm = readFileSync(join(dirname(entry), '../../reader/zxing_reader.wasm'));
    prepareZXingModule({ overrides: { wasmBinary: wasm.buffer as ArrayBuffer }, fireImmediately: true });
  });

  it('decodes with ZXing to the scan address, for short and long hosts', async () => {
    for (const url of [
      'http://127.0.0.1:8080/q/KHABCDEFGHJK',
      'https://pineguard.kaihua.gov.cn/q/JS7MNPQRSTUV',
    ]) {
      const found = await readBarcodes(new Blob([await rasterise(url)]), { formats: ['QRCode'] });
      expect(found.map((b) => b.text)).toEqual([url]);
    }
  });
});
