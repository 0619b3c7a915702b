// Renders any window of a scene (scene.ts) to 8-bit RGB (and a near-infrared band): the same pixel
// whatever window it is drawn in, so a big scene can be written strip by strip.
import type { Crown, Material, Scene, Thing } from './scene.ts';

const NIR: Record<Material, number> = {
  pine: 196,
  broadGreen: 206,
  deadRed: 84,
  deadGrey: 96,
  // Autumn leaves keep their cell structure, so their near infrared stays high (NDVI ≈ 0.1–0.15
  // at these 8-bit reds, the band clipping at its top).
  broadRed: 250,
  broadYellow: 252,
  broadOrange: 252,
  soil: 118,
  water: 14,
  road: 112,
  roofGrey: 160,
  roofRed: 138,
  roofBlue: 88,
};
const GRASS: [number, number, number] = [108, 142, 72];
const GRASS_NIR = 172;

function hash(x: number, y: number, s: number): number {
  let h = Math.imul(x, 374761393) + Math.imul(y, 668265263) + Math.imul(s, 2147483647);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in 0–1 at lattice spacing `scale` pixels. */
export function vnoise(x: number, y: number, scale: number, s: number): number {
  const fx = x / scale;
  const fy = y / scale;
  const ix = Math.floor(fx);
  const iy = Math.floor(fy);
  let tx = fx - ix;
  let ty = fy - iy;
  tx = tx * tx * (3 - 2 * tx);
  ty = ty * ty * (3 - 2 * ty);
  const a = hash(ix, iy, s);
  const b = hash(ix + 1, iy, s);
  const c = hash(ix, iy + 1, s);
  const d = hash(ix + 1, iy + 1, s);
  return a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty;
}

function bbox(t: Thing): [number, number, number, number] {
  switch (t.type) {
    case 'crown': {
      const r = t.r * 1.6 + 2; // lobes and shadow reach past r
      return [t.cx - r, t.cy - r, t.cx + r, t.cy + r];
    }
    case 'patch':
      return [t.cx - t.rx, t.cy - t.rx, t.cx + t.rx, t.cy + t.rx];
    case 'roof': {
      const r = Math.hypot(t.w, t.h) / 2;
      return [t.cx - r, t.cy - r, t.cx + r, t.cy + r];
    }
    case 'road':
      return [
        Math.min(t.x0, t.x1) - t.width,
        Math.min(t.y0, t.y1) - t.width,
        Math.max(t.x0, t.x1) + t.width,
        Math.max(t.y0, t.y1) + t.width,
      ];
  }
}

export interface Rendered {
  rgb: Uint8Array;
  nir: Uint8Array;
  /** Id of the thing seen at each pixel (0 = grass). */
  owner: Int32Array | null;
}

/** Things whose box meets the window, in drawing order. */
export function thingsIn(scene: Scene, x0: number, y0: number, w: number, h: number): Thing[] {
  return scene.things.filter((t) => {
    const [a, b, c, d] = bbox(t);
    return c >= x0 && a < x0 + w && d >= y0 && b < y0 + h;
  });
}

export function renderWindow(
  scene: Scene,
  x0: number,
  y0: number,
  w: number,
  h: number,
  withOwner = false,
  things = thingsIn(scene, x0, y0, w, h),
): Rendered {
  const { light, sunAngle } = scene.settings;
  const sx = Math.cos(sunAngle);
  const sy = Math.sin(sunAngle);
  const seed = scene.seed;
  const n = w * h;
  const R = new Float32Array(n);
  const G = new Float32Array(n);
  const B = new Float32Array(n);
  const N = new Float32Array(n);
  const owner = withOwner ? new Int32Array(n) : null;
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const x = x0 + i;
      const y = y0 + j;
      const k = 0.82 + 0.3 * vnoise(x, y, 70, seed) + 0.12 * vnoise(x, y, 9, seed + 1);
      const p = j * w + i;
      R[p] = GRASS[0] * k;
      G[p] = GRASS[1] * k;
      B[p] = GRASS[2] * k;
      N[p] = GRASS_NIR * k;
    }
  }
  const paint = (t: Thing, x: number, y: number, k: number) => {
    const p = (y - y0) * w + (x - x0);
    R[p] = t.rgb[0] * k;
    G[p] = t.rgb[1] * k;
    B[p] = t.rgb[2] * k;
    N[p] = NIR[t.material] * k;
    if (owner) owner[p] = t.id;
  };
  const each = (t: Thing, f: (x: number, y: number) => void) => {
    const [a, b, c, d] = bbox(t);
    for (let y = Math.max(y0, Math.floor(b)); y < Math.min(y0 + h, Math.ceil(d)); y++)
      for (let x = Math.max(x0, Math.floor(a)); x < Math.min(x0 + w, Math.ceil(c)); x++) f(x, y);
  };
  const crowns: Crown[] = [];
  for (const t of things) {
    if (t.type === 'crown') {
      crowns.push(t);
      continue;
    }
    if (t.type === 'patch') {
      each(t, (x, y) => {
        const dx = (x - t.cx) / t.rx;
        const dy = (y - t.cy) / t.ry;
        if (dx * dx + dy * dy > 0.8 + 0.4 * vnoise(x, y, 40, t.id)) return;
        paint(t, x, y, t.material === 'water' ? 1 : 0.88 + 0.24 * vnoise(x, y, 25, t.id));
      });
    } else if (t.type === 'roof') {
      const c = Math.cos(t.angle);
      const s = Math.sin(t.angle);
      each(t, (x, y) => {
        const u = (x - t.cx) * c + (y - t.cy) * s;
        const v = -(x - t.cx) * s + (y - t.cy) * c;
        if (Math.abs(u) > t.w / 2 || Math.abs(v) > t.h / 2) return;
        paint(t, x, y, v < 0 ? 1.05 : 0.85); // two roof faces, one towards the sun
      });
    } else {
      const dx = t.x1 - t.x0;
      const dy = t.y1 - t.y0;
      const len2 = dx * dx + dy * dy;
      each(t, (x, y) => {
        const q = Math.max(0, Math.min(1, ((x - t.x0) * dx + (y - t.y0) * dy) / len2));
        const ex = t.x0 + q * dx - x;
        const ey = t.y0 + q * dy - y;
        if (ex * ex + ey * ey > (t.width * t.width) / 4) return;
        paint(t, x, y, 0.95 + 0.08 * vnoise(x, y, 50, t.id));
      });
    }
  }
  // Shadows fall on the ground beside each crown, away from the sun.
  for (const t of crowns) {
    const cx = t.cx - sx * t.r * 0.7;
    const cy = t.cy - sy * t.r * 0.7;
    each(t, (x, y) => {
      if ((x - cx) ** 2 + (y - cy) ** 2 > t.r * t.r) return;
      const p = (y - y0) * w + (x - x0);
      R[p] = R[p]! * 0.5;
      G[p] = G[p]! * 0.5;
      B[p] = B[p]! * 0.55;
      N[p] = N[p]! * 0.5;
    });
  }
  for (const t of crowns) {
    const grey = t.material === 'deadGrey';
    each(t, (x, y) => {
      const dx = x - t.cx;
      const dy = y - t.cy;
      const edge = 0.85 + 0.3 * vnoise(x, y, 14, t.id);
      let inside = dx * dx + dy * dy <= t.r * t.r * edge;
      for (const [lx, ly, lr] of t.lobes) {
        if (inside) break;
        inside = (dx - lx) ** 2 + (dy - ly) ** 2 <= lr * lr * edge;
      }
      if (!inside) return;
      const rr = Math.min(1, Math.sqrt(dx * dx + dy * dy) / t.r);
      const lit = 1 + (0.22 * (dx * sx + dy * sy)) / t.r;
      // Needle clumps (pines, dead red) or bare branches (grey: stronger, finer).
      const tex = grey ? 0.62 + 0.6 * vnoise(x, y, 3, t.id) : 0.8 + 0.35 * vnoise(x, y, 6, t.id);
      paint(t, x, y, (1.08 - 0.35 * rr * rr) * lit * tex);
    });
  }
  const rgb = new Uint8Array(n * 3);
  const nir = new Uint8Array(n);
  for (let p = 0; p < n; p++) {
    const z = hash(x0 + (p % w), y0 + Math.floor(p / w), seed + 7);
    const e = (z - 0.5) * 14;
    rgb[p * 3] = Math.max(0, Math.min(255, R[p]! * light + e));
    rgb[p * 3 + 1] = Math.max(0, Math.min(255, G[p]! * light + e * 0.9));
    rgb[p * 3 + 2] = Math.max(0, Math.min(255, B[p]! * light + e * 1.1));
    nir[p] = Math.max(0, Math.min(255, N[p]! * light + e));
  }
  return { rgb, nir, owner };
}
