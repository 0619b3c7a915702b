// Windows read inside a worker thread, straight from the stored parts on local disk (issue 32: the
// API stays responsive during a 100 ha detection). Read on the server's thread, 1.2 GB of window
// buffers went through its heap and every ~64 MB of them set off a full garbage collection that
// stopped the event loop for 10–420 ms. Here the main thread only sends window coordinates.
// Kernel file: it runs as source text in the worker (pool.ts), so it uses only its arguments,
// globals and same-file calls — node modules come in through `io`.
import type { Tile, Window } from './types.ts';

/** Where an orthophoto's pixels are on disk and how its blocks are laid out (sent once a worker). */
export interface FileWindowSource {
  /** The stored parts' file paths, in order; every part `partSize` bytes but the last. */
  paths: string[];
  partSize: number;
  width: number;
  height: number;
  /** Tile size, or (striped file) the image width × rows per strip. */
  blockWidth: number;
  blockHeight: number;
  /** Samples per pixel, interleaved (PlanarConfiguration 1), 8 bits each. */
  spp: number;
  /** TIFF compression: 1 is copied as stored; others go through geotiff.js's decoder. */
  compression: number;
  predictor: number;
  /** Every block's byte offset in the file and length (0: no data, read as zeros). */
  offsets: number[];
  counts: number[];
  /** The colour samples of a pixel (RGB or RGBA) and the near-infrared one (−1: none). */
  colour: number[];
  nirSample: number;
  /** geotiff.js's CommonJS entry (for its decoders; only a compressed file needs it). */
  geotiffPath: string;
}

type Fs = {
  openSync(path: string, flags: string): number;
  readSync(fd: number, buf: Uint8Array, off: number, len: number, pos: number): number;
  closeSync(fd: number): void;
};
export type FileIo = { fs: Fs; require: (id: string) => unknown };
type Decoder = { decode(b: ArrayBuffer): Promise<ArrayBuffer> };

/** A worker's open file: descriptors, its decoder and buffers reused from window to window. */
export interface FileReaderState {
  src: FileWindowSource;
  fds: (number | undefined)[];
  decoder?: Decoder;
  raw?: Uint8Array;
  all?: Uint8Array;
  colour?: Uint8Array;
  nir?: Uint8Array;
}

export function openFileSource(src: FileWindowSource): FileReaderState {
  return { src, fds: [] };
}

export function closeFileSource(io: FileIo, st: FileReaderState): void {
  for (const fd of st.fds) if (fd !== undefined) io.fs.closeSync(fd);
  st.fds = [];
}

/** Bytes [offset, offset + into.length) of the file, across parts, positional reads only. */
export function readFileBytes(io: FileIo, st: FileReaderState, offset: number, into: Uint8Array): void {
  const { partSize, paths } = st.src;
  let at = 0;
  while (at < into.length) {
    const pos = offset + at;
    const n = Math.floor(pos / partSize);
    let fd = st.fds[n];
    if (fd === undefined) {
      if (n >= paths.length) throw new Error(`read past the stored parts at byte ${pos}`);
      fd = io.fs.openSync(paths[n]!, 'r');
      st.fds[n] = fd;
    }
    const want = Math.min(into.length - at, (n + 1) * partSize - pos);
    const got = io.fs.readSync(fd, into, at, want, pos - n * partSize);
    if (got <= 0) throw new Error(`part ${n} is shorter than expected`);
    at += got;
  }
}

/** Block i as stored (uncompressed: a view of a reused buffer) or decoded; null when it has no data. */
export async function fileBlock(io: FileIo, st: FileReaderState, i: number): Promise<Uint8Array | null> {
  const s = st.src;
  const count = s.counts[i] ?? 0;
  if (count === 0) return null;
  if (s.compression === 1) {
    if (!st.raw || st.raw.length < count) st.raw = new Uint8Array(count);
    const view = st.raw.subarray(0, count);
    readFileBytes(io, st, s.offsets[i]!, view);
    return view;
  }
  const bytes = new Uint8Array(count);
  readFileBytes(io, st, s.offsets[i]!, bytes);
  if (!st.decoder) {
    const geotiff = io.require(s.geotiffPath) as {
      getDecoder(c: number, p: Record<string, number>): Promise<Decoder>;
    };
    st.decoder = await geotiff.getDecoder(s.compression, {
      tileWidth: s.blockWidth,
      tileHeight: s.blockHeight,
      planarConfiguration: 1,
      bitsPerSample: 8,
      predictor: s.predictor,
    });
  }
  return new Uint8Array(await st.decoder.decode(bytes.buffer));
}

/**
 * The window's pixels as a detector tile: colour samples interleaved and the near-infrared band
 * apart. Its buffers are the state's, refilled by the next call (the tile is used before that).
 */
export async function readFileWindow(io: FileIo, st: FileReaderState, win: Window): Promise<Tile> {
  const s = st.src;
  const { spp, blockWidth: bw, blockHeight: bh } = s;
  const n = win.w * win.h * spp;
  if (!st.all || st.all.length < n) st.all = new Uint8Array(n);
  const all = st.all.subarray(0, n);
  all.fill(0);
  const perRow = Math.ceil(s.width / bw);
  for (let by = Math.floor(win.y / bh); by * bh < win.y + win.h; by++) {
    for (let bx = Math.floor(win.x / bw); bx * bw < win.x + win.w; bx++) {
      const data = await fileBlock(io, st, by * perRow + bx);
      if (!data) continue;
      const bx0 = bx * bw;
      const by0 = by * bh;
      const x0 = Math.max(win.x, bx0);
      const x1 = Math.min(win.x + win.w, bx0 + bw, s.width);
      const y0 = Math.max(win.y, by0);
      const y1 = Math.min(win.y + win.h, by0 + bh, s.height);
      for (let yy = y0; yy < y1; yy++) {
        const from = ((yy - by0) * bw + (x0 - bx0)) * spp;
        const end = Math.min(data.length, from + (x1 - x0) * spp);
        if (end > from) all.set(data.subarray(from, end), ((yy - win.y) * win.w + (x0 - win.x)) * spp);
      }
    }
  }
  const c = s.colour.length;
  const px = win.w * win.h;
  let colour = all;
  if (!(c === spp && s.colour.every((k, i) => k === i))) {
    if (!st.colour || st.colour.length < px * c) st.colour = new Uint8Array(px * c);
    colour = st.colour.subarray(0, px * c);
    for (let i = 0, src = 0, d = 0; i < px; i++, src += spp, d += c) {
      for (let k = 0; k < c; k++) colour[d + k] = all[src + s.colour[k]!]!;
    }
  }
  const tile: Tile = { data: colour, width: win.w, height: win.h, channels: c === 4 ? 4 : 3 };
  if (s.nirSample >= 0) {
    if (!st.nir || st.nir.length < px) st.nir = new Uint8Array(px);
    const nir = st.nir.subarray(0, px);
    for (let i = 0, src = s.nirSample; i < px; i++, src += spp) nir[i] = all[src]!;
    tile.nir = nir;
  }
  return tile;
}
