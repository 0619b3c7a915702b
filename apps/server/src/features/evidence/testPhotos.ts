import { loadSharp } from '../../platform/sharp.ts';

/**
 * Generated tree photos for the evidence tests and bench: a sky, a slope and a pine whose crown,
 * trunk, colour and neighbours depend on `seed` (every seed a different tree), written as JPEG
 * with the EXIF a phone writes (or none). Not used by the server itself.
 */
export type PhotoExif = { takenAt?: string; lat?: number; lng?: number };

function rand(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

export function treeSvg(seed: number, w = 640, h = 480): string {
  const r = rand(seed * 2654435761);
  const shade = (base: number[]) => `rgb(${base.map((c) => Math.round(c * (0.7 + r() * 0.6))).join(',')})`;
  const ground = h * (0.55 + r() * 0.25);
  const parts = [
    `<rect width="${w}" height="${h}" fill="${shade([150, 190, 220])}"/>`,
    `<path d="M0 ${ground} Q${w * r()} ${ground - h * 0.2 * r()} ${w} ${ground + h * 0.1 * (r() - 0.5)} L${w} ${h} L0 ${h} Z" fill="${shade([80, 120, 60])}"/>`,
  ];
  const n = 2 + Math.floor(r() * 5);
  for (let i = 0; i < n; i++) {
    const x = w * r();
    const y = ground - h * 0.2 * r();
    const s = 0.4 + r();
    parts.push(
      `<rect x="${x - 6 * s}" y="${y - 60 * s}" width="${12 * s}" height="${70 * s}" fill="${shade([90, 60, 30])}"/>`,
      `<ellipse cx="${x}" cy="${y - 80 * s}" rx="${(30 + 40 * r()) * s}" ry="${(40 + 50 * r()) * s}" fill="${shade(r() < 0.4 ? [170, 90, 40] : [40, 100, 50])}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${parts.join('')}</svg>`;
}

const dms = (v: number) => {
  const a = Math.abs(v);
  const d = Math.floor(a);
  const m = Math.floor((a - d) * 60);
  const s = Math.round(((a - d) * 60 - m) * 60 * 100);
  return `${d}/1 ${m}/1 ${s}/100`;
};

/** A JPEG of tree `seed`, with EXIF when `exif` is given. */
export async function treePhoto(seed: number, exif?: PhotoExif, size: [number, number] = [640, 480]) {
  const sharp = await loadSharp();
  let img = sharp(Buffer.from(treeSvg(seed, size[0], size[1]))).jpeg({ quality: 85 });
  if (exif) {
    img = img.withExif({
      IFD0: { Make: 'Test', Model: 'Phone' },
      ...(exif.takenAt ? { IFD2: { DateTimeOriginal: exif.takenAt, OffsetTimeOriginal: '+08:00' } } : {}),
      ...(exif.lat !== undefined && exif.lng !== undefined
        ? {
            IFD3: {
              GPSLatitudeRef: exif.lat < 0 ? 'S' : 'N',
              GPSLatitude: dms(exif.lat),
              GPSLongitudeRef: exif.lng < 0 ? 'W' : 'E',
              GPSLongitude: dms(exif.lng),
            },
          }
        : {}),
    });
  }
  return img.toBuffer();
}

/** The same photo as a phone's app might pass it on: resized, recompressed, cropped by `crop` (share of each side). */
export async function reworked(jpeg: Buffer, opts: { width?: number; quality?: number; crop?: number } = {}) {
  const sharp = await loadSharp();
  const meta = await sharp(jpeg).metadata();
  const w = meta.width ?? 640;
  const h = meta.height ?? 480;
  const c = opts.crop ?? 0;
  let img = sharp(jpeg);
  if (c > 0)
    img = img.extract({
      left: Math.round(w * c),
      top: Math.round(h * c),
      width: Math.round(w * (1 - 2 * c)),
      height: Math.round(h * (1 - 2 * c)),
    });
  if (opts.width) img = img.resize(opts.width);
  return img.jpeg({ quality: opts.quality ?? 60 }).toBuffer();
}
