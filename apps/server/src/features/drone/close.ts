import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { droneCandidates, droneSettings, records } from '../../db/schema/index.ts';
import type { WriteEvent, WrittenRecord } from '../records/index.ts';
import { metres } from './sections.ts';

/** The felling table's code (采伐): a felling record closes the confirmed candidate it stands beside. */
const FELLING = 'gbcfcz0101';

/**
 * Records' write hook (records' addAfterWrite), in the write's transaction: each new or corrected
 * live felling record closes the nearest confirmed candidate within the project's radius (5 m by
 * default) as `felled`. One statement reads the fellings' positions, one per project the
 * candidates near them; a batch without fellings costs nothing.
 */
export async function closeByFelling(
  tx: Executor,
  event: WriteEvent,
  written: WrittenRecord[],
): Promise<void> {
  if (event !== 'created' && event !== 'corrected') return;
  const fellings = written.filter((r) => r.tableCode === FELLING && r.state !== '40');
  if (!fellings.length) return;
  const positions = await tx
    .select({ id: records.id, projectCode: records.projectCode, lng: records.gpsLong, lat: records.gpsLat })
    .from(records)
    .where(
      inArray(
        records.id,
        fellings.map((f) => f.id),
      ),
    );
  const byProject = new Map<string, typeof positions>();
  for (const p of positions) {
    if (!p.lng && !p.lat) continue;
    byProject.set(p.projectCode, [...(byProject.get(p.projectCode) ?? []), p]);
  }
  for (const [projectCode, list] of byProject) {
    const [s] = await tx.select().from(droneSettings).where(eq(droneSettings.projectCode, projectCode));
    const radius = s?.closeRadiusM ?? 5;
    const dLat = radius / 111_320;
    const lats = list.map((p) => p.lat);
    const lngs = list.map((p) => p.lng);
    const dLng = dLat / Math.max(0.1, Math.cos((Math.max(...lats.map(Math.abs)) * Math.PI) / 180));
    const near = await tx
      .select({ id: droneCandidates.id, lng: droneCandidates.lng, lat: droneCandidates.lat })
      .from(droneCandidates)
      .where(
        and(
          eq(droneCandidates.projectCode, projectCode),
          eq(droneCandidates.state, 'confirmed'),
          between(droneCandidates.lng, Math.min(...lngs) - dLng, Math.max(...lngs) + dLng),
          between(droneCandidates.lat, Math.min(...lats) - dLat, Math.max(...lats) + dLat),
        ),
      );
    const taken = new Set<string>();
    for (const f of list) {
      let best: { id: string; d: number } | undefined;
      for (const c of near) {
        if (taken.has(c.id)) continue;
        const d = metres(f.lng, f.lat, c.lng, c.lat);
        if (d <= radius && (!best || d < best.d)) best = { id: c.id, d };
      }
      if (!best) continue;
      taken.add(best.id);
      await tx
        .update(droneCandidates)
        .set({ state: 'felled', fellingRecordId: f.id, closedAt: sql`now()` })
        .where(and(eq(droneCandidates.id, best.id), eq(droneCandidates.state, 'confirmed')));
    }
  }
}
