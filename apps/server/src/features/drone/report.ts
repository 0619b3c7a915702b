import { and, eq, inArray } from 'drizzle-orm';
import { deadTrees, droneCandidates, droneOrthophotos, sections } from '../../db/schema/index.ts';
import { metres } from './sections.ts';
import { settings } from './tasks.ts';
import type { DroneCtx } from './upload.ts';

/**
 * The loop per section: drone candidates issued, confirmed, felled, rejected and still open; the
 * census's dead trees (deadTrees) in the flown area; and the gaps both ways: confirmed crowns with
 * no census tree within the radius (the drone found, the census missed), and census trees inside
 * a flown orthophoto with no candidate within the radius (the census found, the drone missed).
 */
export async function sectionReport(ctx: DroneCtx) {
  const db = ctx.deps.database.db;
  const radius = Math.max(5, (await settings(ctx)).closeRadiusM);
  const secs = await db
    .select({ code: sections.code, name: sections.name })
    .from(sections)
    .where(eq(sections.projectCode, ctx.projectCode))
    .orderBy(sections.code);
  const cands = await db
    .select({
      lng: droneCandidates.lng,
      lat: droneCandidates.lat,
      state: droneCandidates.state,
      section: droneCandidates.sectionCode,
    })
    .from(droneCandidates)
    .where(
      and(
        eq(droneCandidates.projectCode, ctx.projectCode),
        inArray(droneCandidates.state, ['open', 'confirmed', 'not_pine', 'not_found', 'felled']),
      ),
    )
    .limit(200_000);
  const flown = await db
    .select({
      w: droneOrthophotos.west,
      s: droneOrthophotos.south,
      e: droneOrthophotos.east,
      n: droneOrthophotos.north,
    })
    .from(droneOrthophotos)
    .where(and(eq(droneOrthophotos.projectCode, ctx.projectCode), eq(droneOrthophotos.state, 'ready')));
  const census = await db
    .select({ lng: deadTrees.longitude, lat: deadTrees.latitude, section: deadTrees.sectionCode })
    .from(deadTrees)
    .where(eq(deadTrees.projectCode, ctx.projectCode))
    .limit(200_000);
  const inFlown = (lng: number, lat: number) =>
    flown.some((f) => lng >= f.w && lng <= f.e && lat >= f.s && lat <= f.n);
  const near = (lng: number, lat: number, list: { lng: number; lat: number }[]) =>
    list.some((p) => Math.abs(p.lat - lat) < 0.001 && metres(lng, lat, p.lng, p.lat) <= radius);
  const codes = [...new Set([...secs.map((s) => s.code), ...cands.map((c) => c.section)])];
  const names = new Map(secs.map((s) => [s.code, s.name]));
  return codes
    .map((code) => {
      const mine = cands.filter((c) => c.section === code);
      const dead = mine.filter((c) => c.state === 'confirmed' || c.state === 'felled');
      const censusHere = census.filter((t) => t.section === code && inFlown(t.lng, t.lat));
      const live = mine.filter((c) => c.state !== 'not_pine' && c.state !== 'not_found');
      return {
        sectionCode: code,
        sectionName: names.get(code) ?? '',
        candidates: mine.length,
        open: mine.filter((c) => c.state === 'open').length,
        confirmed: dead.length,
        felled: mine.filter((c) => c.state === 'felled').length,
        rejected: mine.length - live.length,
        census: censusHere.length,
        droneOnly: dead.filter((c) => !near(c.lng, c.lat, censusHere)).length,
        censusOnly: censusHere.filter((t) => !near(t.lng, t.lat, live)).length,
      };
    })
    .filter((r) => r.candidates > 0 || r.census > 0 || r.sectionCode !== '');
}
