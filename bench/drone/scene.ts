// Synthetic orthophoto scenes (issue 32): a seeded list of things on the ground, rendered later
// window by window (render.ts) so a 20,000 × 20,000 scene never sits in memory. Units: pixels of
// a 5 cm orthophoto unless a name says metres.

export type SceneKind = 'mixed' | 'autumn' | 'village' | 'cluster';
export const SCENE_KINDS: SceneKind[] = ['mixed', 'autumn', 'village', 'cluster'];

export type Material =
  | 'pine'
  | 'deadRed'
  | 'deadGrey'
  | 'broadRed'
  | 'broadYellow'
  | 'broadOrange'
  | 'broadGreen'
  | 'soil'
  | 'water'
  | 'road'
  | 'roofGrey'
  | 'roofRed'
  | 'roofBlue';

export interface Crown {
  type: 'crown';
  id: number;
  material: Material;
  cx: number;
  cy: number;
  r: number;
  rgb: [number, number, number];
  /** Broadleaves are lumpy: extra discs (dx, dy, r) around the centre. */
  lobes: [number, number, number][];
}
export interface Patch {
  type: 'patch'; // ellipse of soil or water
  id: number;
  material: Material;
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  rgb: [number, number, number];
}
export interface Roof {
  type: 'roof';
  id: number;
  material: Material;
  cx: number;
  cy: number;
  w: number;
  h: number;
  angle: number;
  rgb: [number, number, number];
}
export interface Road {
  type: 'road';
  id: number;
  material: Material;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  width: number;
  rgb: [number, number, number];
}
export type Thing = Crown | Patch | Roof | Road;

export interface Settings {
  /** Overall brightness (sun, exposure) and the sun's azimuth for shadows. */
  light: number;
  sunAngle: number;
  /** Crowns per hectare of forest, and the scale of crown radii. */
  density: number;
  crownScale: number;
  /** Dead crowns per hectare and how many of them are grey. */
  dead: number;
  greyShare: number;
  /** Share of dead crowns partly hidden under a green one drawn after. */
  occluded: number;
}

export interface Scene {
  kind: SceneKind;
  seed: number;
  width: number;
  height: number;
  settings: Settings;
  things: Thing[];
  /** Ids of the dead pine crowns (the labels). */
  dead: number[];
}

export function rng(seed: number): () => number {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE: Record<Material, [number, number, number]> = {
  pine: [62, 98, 52],
  deadRed: [152, 88, 58],
  deadGrey: [136, 130, 124],
  broadRed: [188, 52, 38],
  broadYellow: [206, 172, 52],
  broadOrange: [204, 112, 40],
  broadGreen: [84, 124, 60],
  soil: [164, 138, 108],
  water: [42, 60, 66],
  road: [150, 146, 140],
  roofGrey: [176, 176, 172],
  roofRed: [172, 84, 62],
  roofBlue: [74, 102, 150],
};

/** A material's colour with per-object variation: hue, saturation and brightness jitter. */
function colour(m: Material, rand: () => number, spread = 14): [number, number, number] {
  const [r, g, b] = BASE[m];
  const k = 0.88 + rand() * 0.24;
  const j = () => (rand() - 0.5) * spread;
  return [r * k + j(), g * k + j(), b * k + j()];
}

/** Tuning scenes use the defaults; evaluation scenes draw other settings (evalSettings). */
export function defaultSettings(kind: SceneKind): Settings {
  const s: Settings = {
    light: 1,
    sunAngle: 2.3,
    density: 320,
    crownScale: 1,
    dead: 14,
    greyShare: 0.3,
    occluded: 0.25,
  };
  if (kind === 'cluster') s.dead = 28;
  if (kind === 'village') s.density = 140;
  return s;
}

export function evalSettings(kind: SceneKind, seed: number): Settings {
  const rand = rng(seed * 7919);
  const s = defaultSettings(kind);
  s.light = 0.85 + rand() * 0.3;
  s.sunAngle = rand() * Math.PI * 2;
  s.density *= 0.8 + rand() * 0.4;
  s.crownScale = 0.85 + rand() * 0.3;
  s.dead *= 0.8 + rand() * 0.5;
  s.greyShare = 0.2 + rand() * 0.3;
  s.occluded = 0.2 + rand() * 0.2;
  return s;
}

export function makeScene(
  kind: SceneKind,
  seed: number,
  width: number,
  height: number,
  settings: Settings = defaultSettings(kind),
): Scene {
  const rand = rng(seed);
  const things: Thing[] = [];
  const dead: number[] = [];
  const ha = (width * height * 0.0025) / 10000; // 5 cm pixels → hectares
  const m = (metres: number) => metres * 20;
  let id = 1;
  const crown = (material: Material, cx: number, cy: number, rM: number): Crown => {
    const r = m(rM * settings.crownScale);
    const broad = material.startsWith('broad');
    const lobes: [number, number, number][] = [];
    if (broad) {
      for (let i = 0, n = 3 + Math.floor(rand() * 4); i < n; i++) {
        const a = rand() * Math.PI * 2;
        lobes.push([Math.cos(a) * r * 0.55, Math.sin(a) * r * 0.55, r * (0.45 + rand() * 0.25)]);
      }
    }
    const c: Crown = { type: 'crown', id: id++, material, cx, cy, r, rgb: colour(material, rand), lobes };
    things.push(c);
    return c;
  };
  const patches = (material: Material, perHa: number, minM: number, maxM: number) => {
    for (let i = 0, n = Math.round(perHa * ha * (0.7 + rand() * 0.6)); i < n; i++) {
      const rx = m(minM + rand() * (maxM - minM));
      things.push({
        type: 'patch',
        id: id++,
        material,
        cx: rand() * width,
        cy: rand() * height,
        rx,
        ry: rx * (0.5 + rand() * 0.5),
        rgb: colour(material, rand),
      });
    }
  };
  const roads = (n: number) => {
    for (let i = 0; i < n; i++) {
      const vertical = rand() < 0.5;
      const a = rand() * (vertical ? width : height);
      const b = a + (rand() - 0.5) * (vertical ? width : height) * 0.4;
      const seg = vertical ? { x0: a, y0: 0, x1: b, y1: height } : { x0: 0, y0: a, x1: width, y1: b };
      things.push({
        type: 'road',
        id: id++,
        material: 'road',
        ...seg,
        width: m(3 + rand() * 3),
        rgb: colour(rand() < 0.5 ? 'road' : 'soil', rand, 8),
      });
    }
  };
  // Ground first, then roofs, then trees (drawn in this order).
  patches('soil', kind === 'village' ? 4 : 1.5, 3, 10);
  if (kind === 'village' || rand() < 0.3) patches('water', kind === 'village' ? 0.6 : 0.2, 5, 14);
  roads(Math.max(1, Math.round(ha * (kind === 'village' ? 2 : 0.6))));
  if (kind === 'village') {
    for (let i = 0, n = Math.round(ha * 10); i < n; i++) {
      const roof: Material = (['roofGrey', 'roofRed', 'roofBlue', 'roofRed'] as const)[
        Math.floor(rand() * 4)
      ]!;
      const w = m(4 + rand() * 9);
      things.push({
        type: 'roof',
        id: id++,
        material: roof,
        cx: rand() * width,
        cy: rand() * height,
        w,
        h: w * (0.5 + rand() * 0.6),
        angle: rand() * Math.PI,
        rgb: colour(roof, rand),
      });
    }
  }
  const broadShare = kind === 'autumn' ? 0.3 : kind === 'village' ? 0.15 : 0.06;
  const live = Math.round(settings.density * ha);
  for (let i = 0; i < live; i++) {
    const x = rand() * width;
    const y = rand() * height;
    const v = rand();
    let mat: Material = 'pine';
    if (v < broadShare) {
      const w = rand();
      mat = w < 0.35 ? 'broadRed' : w < 0.65 ? 'broadYellow' : w < 0.8 ? 'broadOrange' : 'broadGreen';
    }
    crown(mat, x, y, mat === 'pine' ? 1.3 + rand() * 1.9 : 2 + rand() * 2.2);
  }
  // Dead pines: alone, or in groups of 3–8 touching crowns (the 'cluster' kind mostly groups).
  const nDead = Math.round(settings.dead * ha);
  let placed = 0;
  while (placed < nDead) {
    const group = kind === 'cluster' && rand() < 0.75 ? 3 + Math.floor(rand() * 6) : 1;
    let x = m(6) + rand() * (width - m(12));
    let y = m(6) + rand() * (height - m(12));
    for (let k = 0; k < group && placed < nDead; k++, placed++) {
      const mat: Material = rand() < settings.greyShare ? 'deadGrey' : 'deadRed';
      const c = crown(mat, x, y, 1.2 + rand() * 1.6);
      dead.push(c.id);
      if (rand() < settings.occluded) {
        const a = rand() * Math.PI * 2;
        const rr = m(1.2 + rand() * 1.2);
        crown('pine', c.cx + Math.cos(a) * (c.r + rr) * 0.8, c.cy + Math.sin(a) * (c.r + rr) * 0.8, rr / 20);
      }
      const a = rand() * Math.PI * 2;
      x = Math.min(width - m(3), Math.max(m(3), x + Math.cos(a) * c.r * 2));
      y = Math.min(height - m(3), Math.max(m(3), y + Math.sin(a) * c.r * 2));
    }
  }
  return { kind, seed, width, height, settings, things, dead };
}
