import { loadSharp } from '../../platform/sharp.ts';

/**
 * A photo's 64-bit difference hash (dHash): the photo turned upright, greyscale, shrunk to 9×8
 * pixels; bit i is set where a pixel is brighter than its right neighbour. Resizing and
 * recompression barely move it; a crop shifts the 9×8 grid, so each photo is also hashed with
 * its centre cut by CROP_VARIANTS (a cropped copy lands near one of them), and two photos match
 * when any variants do (docs/decisions/0211-photo-hash-index.md has the measured rates).
 * Answers [plain, …crops], or undefined for bytes sharp cannot decode.
 */
export async function dHashes(image: Buffer): Promise<bigint[] | undefined> {
  const sharp = await loadSharp();
  try {
    // One decode (shrink-on-load makes a 12 MP JPEG cheap), then three tiny resizes.
    const { data, info } = await sharp(image, { failOn: 'none' })
      .rotate()
      .greyscale()
      .resize(WORK_SIZE, WORK_SIZE, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const out: bigint[] = [];
    for (const crop of [0, ...CROP_VARIANTS]) {
      let img = sharp(data, raw);
      if (crop) {
        const left = Math.round(info.width * crop);
        const top = Math.round(info.height * crop);
        img = img.extract({ left, top, width: info.width - 2 * left, height: info.height - 2 * top });
      }
      const pixels = await img
        .resize(9, 8, { fit: 'fill', kernel: 'cubic' })
        .extractChannel(0)
        .raw()
        .toBuffer();
      out.push(hashOfPixels(pixels));
    }
    return out;
  } catch {
    return undefined;
  }
}

/** The photo's plain hash (no crop). */
export async function dHash(image: Buffer): Promise<bigint | undefined> {
  return (await dHashes(image))?.[0];
}

/** Share of each side cut for the crop variants. */
export const CROP_VARIANTS = [0.04, 0.08];
/** The decoded working raster's longest side: plenty for a 9×8 hash, and cheap. */
const WORK_SIZE = 256;

/** dHash of a 9×8 greyscale raster (row-major, one byte a pixel). */
export function hashOfPixels(pixels: Uint8Array): bigint {
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      hash = (hash << 1n) | (pixels[y * 9 + x]! > pixels[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return hash;
}

const MASK64 = (1n << 64n) - 1n;

/** Bits differing between two hashes (Hamming distance, 0–64). */
export function hamming(a: bigint, b: bigint): number {
  let x = (a ^ b) & MASK64;
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** The hash as PostgreSQL's signed bigint (two's complement of the unsigned 64 bits). */
export const toSigned = (h: bigint): bigint => BigInt.asIntN(64, h);
/** Back from a stored bigint (or its text) to the unsigned 64 bits. */
export const fromSigned = (v: bigint | string | number): bigint => BigInt.asUintN(64, BigInt(v));

/** The four 16-bit bands (b0 the high bits), each an indexed column of photo_hashes. */
export function bands(h: bigint): [number, number, number, number] {
  const u = BigInt.asUintN(64, h);
  return [0, 1, 2, 3].map((i) => Number((u >> BigInt(48 - 16 * i)) & 0xffffn)) as [
    number,
    number,
    number,
    number,
  ];
}

/**
 * The values a band of a near duplicate can hold: the band itself and its 16 one-bit neighbours.
 * Two hashes within 7 bits differ in at most one bit in at least one of four bands (pigeonhole),
 * so probing these 17 values per band finds every match up to MAX_DUP_BITS.
 */
export function probes(band: number): number[] {
  const out = [band];
  for (let bit = 0; bit < 16; bit++) out.push(band ^ (1 << bit));
  return out;
}

/** The largest threshold the band probes guarantee to find (4 bands × (1 + 1) − 1). */
export const MAX_DUP_BITS = 7;
