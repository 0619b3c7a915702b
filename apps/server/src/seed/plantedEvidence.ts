import type { AnomalyKind } from '@pineguard/contract';
import { metresBetween, outsideByM } from '../platform/geo/outline.ts';
import { demoProjects } from './demo.ts';
import { demoSectionOutline } from './outlines.ts';
import {
  DEMO_DAYS,
  type DemoOptions,
  type DemoPlan,
  type PlannedRecord,
  round6,
  type SectionPlan,
} from './plan-model.ts';
import type { PlantedAnomaly } from './planted.ts';
import { random, seedOf } from './random.ts';

/**
 * The evidence anomalies planted into the demo (issue 30, docs/demo.md), raised by the evidence
 * check that runs after the demo's upload: a stump photo reused on a second felling, a photo
 * stamped after its record, one taken days before it, one taken kilometres away, and a felling
 * recorded outside its section's outline. Each changes only photos or a position: no count,
 * tag or day, so the reconciliation's totals stay as the clean demo's.
 */
export const evidencePlantedKinds = [
  'photo_duplicate',
  'photo_time',
  'photo_place',
  'outside_section',
] as const satisfies readonly AnomalyKind[];
type Kind = (typeof evidencePlantedKinds)[number];

/** At scale 1 (at least one of each per project at any scale). */
const atFullScale: Record<string, Record<Kind, number>> = {
  KH2026: { photo_duplicate: 2, photo_time: 2, photo_place: 2, outside_section: 2 },
  JS2026: { photo_duplicate: 1, photo_time: 2, photo_place: 1, outside_section: 1 },
};

/** The evidence check's default limits (decision 0210), with room so rounding never decides. */
const PLACE_LIMIT_M = 50;
const OUTSIDE_M = 300;
/**
 * The photo-time limit (72 h before the record, decision 0210): a reused photo's original is an
 * earlier felling of the section within it when the section has one, else the nearest in time.
 */
const REUSE_WITHIN_MS = 72 * 3600_000;

const chinaTime = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(5, 16).replace('T', ' ');
const gpsOf = (r: PlannedRecord) => ({ lng: r.gps.long, lat: r.gps.lat });

export function plantEvidence(o: DemoOptions, sections: SectionPlan[]): PlantedAnomaly[] {
  const out: PlantedAnomaly[] = [];
  const taken = new Set<PlannedRecord>();
  for (const project of demoProjects) {
    const mine = sections.filter((s) => s.projectCode === project.code);
    evidencePlantedKinds.forEach((kind, k) => {
      const n = Math.max(1, Math.round(atFullScale[project.code]![kind] * o.scale));
      for (let i = 0; i < n; i++) {
        const s = mine[(i + k) % mine.length]!;
        const rnd = random(seedOf(`${s.sectionCode}/evidence/${kind}/${i}`));
        const pool = fellings(s).filter((r) => !taken.has(r));
        const plant = { kind, i, s, rnd, pool, taken };
        out.push(...(kind === 'photo_duplicate' ? reuse(plant) : single(plant)));
      }
    });
  }
  return out;
}

type Plant = {
  kind: Kind;
  i: number;
  s: SectionPlan;
  rnd: ReturnType<typeof random>;
  pool: PlannedRecord[];
  taken: Set<PlannedRecord>;
};

/** Clean fellings of the section stored before yesterday (the load keeps nothing later than now). */
function fellings(s: SectionPlan): PlannedRecord[] {
  return s.trees
    .filter((t) => t.fell && !t.reserved && !t.fell.record.planted && t.fell.day >= 12)
    .map((t) => t.fell!.record)
    .filter((r) => r.day <= DEMO_DAYS - 3);
}

function planted(kind: Kind, r: PlannedRecord, description: string): PlantedAnomaly {
  r.planted = true;
  return {
    kind,
    projectCode: r.projectCode,
    sectionCode: r.sectionCode,
    recordKey: r.key,
    recordId: r.id,
    tagCode: null,
    description: `采伐记录（${String(r.fields.qrcode)}）：${description}`,
  };
}

/**
 * The stump photo of an earlier felling of the section (≤ 48 h before, the closest on the
 * ground) sent again with a later one. The later record carries the anomaly; when the two
 * trees stand farther apart than the place limit, the reused photo's GPS is also wrong for it.
 */
function reuse({ s, pool, taken }: Plant): PlantedAnomaly[] {
  let best: { first: PlannedRecord; second: PlannedRecord; m: number; gap: number } | undefined;
  for (const second of pool)
    for (const first of pool) {
      const gap = second.at.getTime() - first.at.getTime();
      const m = metresBetween(gpsOf(first), gpsOf(second));
      const limit = Math.max(PLACE_LIMIT_M, 3 * second.gps.range);
      // Clear of both limits, so the anomalies it raises never hang on a rounding.
      if (first === second || gap <= 0 || Math.abs(m - limit) < 10) continue;
      if (gap > REUSE_WITHIN_MS - 2 * 3600_000 && gap < REUSE_WITHIN_MS + 2 * 3600_000) continue;
      const score = (gap > REUSE_WITHIN_MS ? gap : 0) * 1e3 + m;
      if (!best || score < (best.gap > REUSE_WITHIN_MS ? best.gap : 0) * 1e3 + best.m)
        best = { first, second, m, gap };
    }
  if (!best) throw new Error(`demo plan: ${s.sectionCode} has no two fellings for photo_duplicate`);
  const { first, second, m, gap } = best;
  taken.add(first).add(second);
  // Left for the supervisor as well: a rejected original would take its photo out of the check.
  first.planted = true;
  const original = first.photos.find((p) => p.field === 'pic_stump')!;
  second.photos = second.photos.map((p) => (p.field === 'pic_stump' ? { ...original, reused: true } : p));
  const found = [
    planted(
      'photo_duplicate',
      second,
      `伐桩照片与 ${chinaTime(first.at)} 的采伐记录（${String(first.fields.qrcode)}）为同一张`,
    ),
  ];
  // A sparse demo (a small scale) has no felling of the section close enough in time or place.
  if (m > Math.max(PLACE_LIMIT_M, 3 * second.gps.range))
    found.push(planted('photo_place', second, `重复使用的伐桩照片拍摄于约 ${Math.round(m)} 米外`));
  if (gap > REUSE_WITHIN_MS)
    found.push(
      planted('photo_time', second, `重复使用的伐桩照片拍摄于记录前约 ${Math.round(gap / 3600_000)} 小时`),
    );
  return found;
}

function single({ kind, i, s, rnd, pool, taken }: Plant): PlantedAnomaly[] {
  if (!pool.length) throw new Error(`demo plan: ${s.sectionCode} has no felling left for ${kind}`);
  const r = rnd.pick(pool);
  taken.add(r);
  if (kind === 'photo_time') {
    // One stamped after its record (taken on the way back), one five days before (an old photo).
    const after = i % 2 === 0;
    const shift = after ? 150 * 60_000 : -5 * 24 * 3600_000;
    const field = after ? 'pic_treated' : 'pic_before';
    r.photos = r.photos.map((p) =>
      p.field === field ? { ...p, takenAt: new Date(r.at.getTime() + shift) } : p,
    );
    return [planted(kind, r, after ? '处理后照片拍摄时间晚于记录 2.5 小时' : '伐前照片拍摄于记录前 5 天')];
  }
  if (kind === 'photo_place') {
    // The "before" photo of another stand, about 2.5 km north-east.
    const point: [number, number] = [round6(r.gps.long + 0.018), round6(r.gps.lat + 0.016)];
    r.photos = r.photos.map((p) => (p.field === 'pic_before' ? { ...p, point } : p));
    const m = Math.round(metresBetween({ lng: point[0], lat: point[1] }, gpsOf(r)) / 100) * 100;
    return [planted(kind, r, `伐前照片的拍摄位置距记录约 ${m} 米`)];
  }
  // outside_section: felled across the section's edge, moved out from the township's centre.
  const outline = demoSectionOutline(
    demoProjects.flatMap((p) => p.sections).find((x) => x.code === s.sectionCode)!,
  );
  const centre = s.xiaobans.find((x) => x.code === r.place.xiaoban)!.township.centre;
  const dx = r.gps.long - centre[0];
  const dy = r.gps.lat - centre[1];
  const len = Math.hypot(dx, dy) || 1;
  let p = { lng: r.gps.long, lat: r.gps.lat };
  for (let step = 1; outsideByM(outline, p) < OUTSIDE_M && step < 400; step++)
    p = {
      lng: round6(r.gps.long + (dx / len) * step * 0.001),
      lat: round6(r.gps.lat + (dy / len) * step * 0.001),
    };
  r.gps = { ...r.gps, long: p.lng, lat: p.lat };
  return [planted(kind, r, `定位在标段边界外约 ${Math.round(outsideByM(outline, p) / 10) * 10} 米`)];
}

/**
 * Per project, the stored records the evidence check must see for the planted evidence anomalies:
 * their carriers, and the records whose photo a carrier reuses.
 */
export function evidenceToCheck(plan: DemoPlan): Map<string, string[]> {
  const kinds = new Set<string>(evidencePlantedKinds);
  const carriers = new Set(plan.planted.filter((a) => kinds.has(a.kind)).map((a) => a.recordId));
  const reused = new Set(
    plan.records
      .filter((r) => carriers.has(r.id))
      .flatMap((r) => r.photos.filter((p) => p.reused).map((p) => p.id)),
  );
  const out = new Map<string, string[]>();
  for (const r of plan.records)
    if (carriers.has(r.id) || r.photos.some((p) => !p.reused && reused.has(p.id)))
      out.set(r.projectCode, [...(out.get(r.projectCode) ?? []), r.id]);
  return out;
}
