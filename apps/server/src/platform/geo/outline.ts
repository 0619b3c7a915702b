/**
 * Point against an outline (a GeoJSON MultiPolygon's coordinates, WGS 84 [lng, lat]): inside or
 * not, and how far outside in metres. Small on purpose (docs/decisions/0210-evidence-thresholds.md):
 * even-odd ray casting over every ring, so holes work and a self-intersecting outline still gets
 * a definite answer (its doubly-covered parts count as outside, which only ever flags a record for
 * a person to look at, never rejects it); distance to the nearest edge in a local equirectangular
 * projection (error far under a metre at section scale, well under 1 % at county scale).
 */
export type Outline = number[][][][];
type Point = { lng: number; lat: number };

const EARTH_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Whether the point lies inside (even-odd over all rings of all polygons). */
export function inside(outline: Outline, p: Point): boolean {
  let odd = false;
  for (const polygon of outline) {
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i] as [number, number];
        const [xj, yj] = ring[j] as [number, number];
        if (yi > p.lat !== yj > p.lat && p.lng < ((xj - xi) * (p.lat - yi)) / (yj - yi) + xi) odd = !odd;
      }
    }
  }
  return odd;
}

/** Metres from the point to the nearest edge of the outline (Infinity for an empty outline). */
export function edgeDistanceM(outline: Outline, p: Point): number {
  const kx = Math.cos(p.lat * RAD) * RAD * EARTH_M;
  const ky = RAD * EARTH_M;
  let best = Infinity;
  for (const polygon of outline) {
    for (const ring of polygon) {
      for (let i = 0; i + 1 < ring.length; i++) {
        const ax = ((ring[i]![0]! - p.lng) * kx) as number;
        const ay = (ring[i]![1]! - p.lat) * ky;
        const bx = (ring[i + 1]![0]! - p.lng) * kx;
        const by = (ring[i + 1]![1]! - p.lat) * ky;
        const dx = bx - ax;
        const dy = by - ay;
        const len = dx * dx + dy * dy;
        const t = len ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / len)) : 0;
        const x = ax + t * dx;
        const y = ay + t * dy;
        const d = x * x + y * y;
        if (d < best) best = d;
      }
    }
  }
  return Math.sqrt(best);
}

/** 0 inside, else metres to the outline. */
export function outsideByM(outline: Outline, p: Point): number {
  return inside(outline, p) ? 0 : edgeDistanceM(outline, p);
}

/** Great-circle metres between two points (haversine). */
export function metresBetween(a: Point, b: Point): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether an outline is usable: at least one ring of 4+ finite positions. */
export function usable(outline: unknown): outline is Outline {
  if (!Array.isArray(outline)) return false;
  return outline.some(
    (poly) =>
      Array.isArray(poly) &&
      poly.some(
        (ring) =>
          Array.isArray(ring) &&
          ring.length >= 4 &&
          ring.every((pt) => Array.isArray(pt) && Number.isFinite(pt[0]) && Number.isFinite(pt[1])),
      ),
  );
}

/**
 * Whether any two edges of a ring cross (a self-intersecting outline). Only for the screen's
 * warning: O(n²), run on a section's outline when it is drawn, not per record.
 */
export function selfIntersects(outline: Outline, maxEdges = 4000): boolean {
  for (const polygon of outline) {
    for (const ring of polygon) {
      const n = ring.length - 1;
      if (n > maxEdges) continue;
      for (let i = 0; i < n; i++) {
        for (let j = i + 2; j < n; j++) {
          if (i === 0 && j === n - 1) continue;
          if (crosses(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) return true;
        }
      }
    }
  }
  return false;
}

function crosses(a: number[], b: number[], c: number[], d: number[]): boolean {
  const o = (p: number[], q: number[], r: number[]) =>
    Math.sign((q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}
