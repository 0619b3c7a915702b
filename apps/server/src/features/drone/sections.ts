import { and, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sections } from '../../db/schema/index.ts';

/**
 * Which section a point falls in, by the sections' imported outlines (WGS 84 MultiPolygons,
 * projects/boundaries.ts). Even-odd ray casting over every ring handles holes.
 */
export type Outline = { code: string; name: string; boundary: number[][][][] };

export async function outlines(db: Executor, projectCode: string): Promise<Outline[]> {
  const rows = await db
    .select({ code: sections.code, name: sections.name, boundary: sections.boundary })
    .from(sections)
    .where(and(eq(sections.projectCode, projectCode), isNotNull(sections.boundary)));
  return rows.filter((r): r is Outline => Array.isArray(r.boundary));
}

function inRing(ring: number[][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function sectionAt(list: Outline[], lng: number, lat: number): string {
  for (const s of list) {
    for (const polygon of s.boundary) {
      let inside = false;
      for (const ring of polygon) if (inRing(ring, lng, lat)) inside = !inside;
      if (inside) return s.code;
    }
  }
  return '';
}

/** Metres between two WGS 84 points (equirectangular: exact enough within a few hundred metres). */
export function metres(aLng: number, aLat: number, bLng: number, bLat: number): number {
  const k = Math.PI / 180;
  const x = (bLng - aLng) * k * Math.cos(((aLat + bLat) / 2) * k);
  const y = (bLat - aLat) * k;
  return Math.sqrt(x * x + y * y) * 6_371_000;
}
