import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sections } from '../db/schema/index.ts';
import type { Outline } from '../platform/geo/outline.ts';
import { demoProjects } from './demo.ts';
import { townships } from './places.ts';
import { random, seedOf } from './random.ts';

/**
 * The demo sections' outlines (标段边界), stored as an imported boundary is (sections.boundary: a
 * MultiPolygon's coordinates, WGS 84 [lng, lat], rings closed; decision 0163): around each of the
 * section's townships an irregular forest area covering every place its sub-compartments can be
 * drawn (plan.ts: the township's forest centre ± 0.025° lng / 0.02° lat, trees ± 0.002°), so a
 * clean demo record is always inside its section and only a planted one is outside.
 *
 * Townships of a section whose areas would touch are one polygon (their convex hull): a
 * MultiPolygon's overlapping parts count as outside under the even-odd rule the checks use.
 * Burn records are taken at their burn point, which may lie outside the section (KH-BD03 burns at
 * 马金镇's): the evidence check holds them to the county outline only.
 *
 * Stored by the demo load (storeDemoOutlines), not the base demo of initialisation: an
 * installation without the demo's records keeps its sections as an import would find them.
 */
const SEMI_LNG = 0.046;
const SEMI_LAT = 0.036;
/** Each vertex lies 1.00–1.12 times out on the ellipse: an irregular edge, never inside it. */
const WOBBLE = 0.12;
const VERTICES = 16;

type Section = { code: string; areaCodes: readonly string[] };
type Pt = [number, number];

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

function ellipse(code: string, centre: Pt, a: number, b: number, n: number, wobble: number): Pt[] {
  const rnd = random(seedOf(`outline/${code}`));
  return Array.from({ length: n }, (_, k) => {
    const angle = (2 * Math.PI * k) / n;
    const f = 1 + rnd.next() * wobble;
    return [round6(centre[0] + Math.cos(angle) * a * f), round6(centre[1] + Math.sin(angle) * b * f)];
  });
}

/** Convex hull (Andrew's monotone chain), counter-clockwise, closed. */
function hull(points: Pt[]): Pt[] {
  const p = [...points].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Pt[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower.at(-2)!, lower.at(-1)!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Pt[] = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper.at(-2)!, upper.at(-1)!, q) <= 0) upper.pop();
    upper.push(q);
  }
  const ring = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  return [...ring, ring[0]!];
}

/** Whether two townships' areas (ellipses at most 1 + WOBBLE out) could meet. */
function touching(a: Pt, b: Pt): boolean {
  return Math.hypot((a[0] - b[0]) / SEMI_LNG, (a[1] - b[1]) / SEMI_LAT) <= 2 * (1 + WOBBLE) + 0.1;
}

/** The outline of one demo section (see above); the same on every run. */
export function demoSectionOutline(section: Section): Outline {
  const groups: string[][] = [];
  for (const code of section.areaCodes) {
    const centre = townships[code]!.centre;
    const near = groups.find((g) => g.some((c) => touching(townships[c]!.centre, centre)));
    if (near) near.push(code);
    else groups.push([code]);
  }
  return groups.map((g) => [
    hull(g.flatMap((c) => ellipse(c, townships[c]!.centre, SEMI_LNG, SEMI_LAT, VERTICES, WOBBLE))),
  ]);
}

/** Positions in an outline (sections.boundary_vertices, as the import counts them). */
export const outlineVertices = (outline: Outline) =>
  outline.reduce((n, poly) => n + poly.reduce((m, ring) => m + ring.length, 0), 0);

/**
 * Gives each demo section without a boundary its outline (the demo load's first step, so the
 * records that follow are checked against it); an imported boundary is left as it is.
 */
export async function storeDemoOutlines(db: Executor): Promise<void> {
  for (const p of demoProjects)
    for (const s of p.sections) {
      const boundary = demoSectionOutline(s);
      await db
        .update(sections)
        .set({ boundary, boundaryVertices: outlineVertices(boundary) })
        .where(and(eq(sections.projectCode, p.code), eq(sections.code, s.code), isNull(sections.boundary)));
    }
}
