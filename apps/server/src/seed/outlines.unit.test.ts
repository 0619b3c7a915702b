import { reconcileTables } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import { outsideCountyM, SIMPLIFIED_M } from '../platform/geo/countyOutlines.ts';
import { metresBetween, outsideByM, selfIntersects, usable } from '../platform/geo/outline.ts';
import { demoProjects } from './demo.ts';
import { demoSectionOutline } from './outlines.ts';
import { buildDemoPlan } from './plan.ts';
import { evidencePlantedKinds } from './plantedEvidence.ts';

const today = '2026-11-20';
const sections = demoProjects.flatMap((p) => p.sections.map((s) => ({ ...s, areaCode: p.areaCode })));
const outline = (code: string) => demoSectionOutline(sections.find((s) => s.code === code)!);

/**
 * The demo's section outlines and its planted evidence anomalies (issue 30): every clean record
 * lies inside its section, the planted ones are as far off as their descriptions say, and the
 * plan is the same on every run.
 */
describe.each([1, 0.05])('the demo plan at scale %s', (scale) => {
  const plan = buildDemoPlan({ today, until: new Date('2026-11-21T00:00:00Z'), scale });
  const plantedIds = new Set(plan.planted.map((a) => a.recordId));
  const evidence = plan.planted.filter((a) => (evidencePlantedKinds as readonly string[]).includes(a.kind));

  it('keeps every record not planted outside inside its section outline, and in its county', async () => {
    const outside = new Set(evidence.filter((a) => a.kind === 'outside_section').map((a) => a.recordId));
    let burnsOutside = 0;
    for (const r of plan.records) {
      const d = outsideByM(outline(r.sectionCode), { lng: r.gps.long, lat: r.gps.lat });
      // Burn records are taken at the section's burn point, held to the county outline only.
      if (r.tableCode === reconcileTables.burning) burnsOutside += d > 0 ? 1 : 0;
      else if (outside.has(r.id)) expect(d, r.key).toBeGreaterThan(250);
      else expect(d, r.key).toBe(0);
      const area = sections.find((s) => s.code === r.sectionCode)!.areaCode;
      expect(await outsideCountyM(area, r.gps.long, r.gps.lat), r.key).toBeLessThanOrEqual(SIMPLIFIED_M);
    }
    // KH-BD03 burns at 马金镇's burn point, outside its townships: the case the exemption is for.
    expect(burnsOutside).toBeGreaterThan(0);
  });

  it('plants each evidence kind in each project, on records it stores', () => {
    for (const project of demoProjects)
      for (const kind of evidencePlantedKinds)
        expect(
          evidence.filter((a) => a.projectCode === project.code && a.kind === kind).length,
          `${project.code} ${kind}`,
        ).toBeGreaterThanOrEqual(1);
    const stored = new Set(plan.records.map((r) => r.id));
    for (const a of evidence) expect(stored.has(a.recordId), a.description).toBe(true);
  });

  it('reuses a photo the plan stores with an earlier record, and moves or re-times the others', () => {
    const byId = new Map(plan.records.map((r) => [r.id, r]));
    for (const a of evidence.filter((x) => x.kind === 'photo_duplicate')) {
      const r = byId.get(a.recordId)!;
      const reused = r.photos.find((p) => p.reused)!;
      const original = plan.records.find(
        (o) => o !== r && o.photos.some((p) => p.id === reused.id && !p.reused),
      );
      expect(original, a.description).toBeDefined();
      expect(original!.at.getTime()).toBeLessThan(r.at.getTime());
      // Left uploaded: a rejected original would take its photo out of the check.
      expect(original!.planted && original!.review).toBe(null);
      expect(plantedIds.has(original!.id)).toBe(false);
    }
    for (const a of evidence.filter((x) => x.kind === 'photo_time')) {
      const r = byId.get(a.recordId)!;
      const hours = r.photos.map((p) => (r.at.getTime() - p.takenAt.getTime()) / 3600_000);
      expect(
        hours.some((h) => h < -1 || h > 72),
        a.description,
      ).toBe(true);
    }
    for (const a of evidence.filter((x) => x.kind === 'photo_place' && !x.description.includes('重复'))) {
      const r = byId.get(a.recordId)!;
      const moved = r.photos.find((p) => p.point)!;
      const m = metresBetween(
        { lng: moved.point![0], lat: moved.point![1] },
        { lng: r.gps.long, lat: r.gps.lat },
      );
      expect(m).toBeGreaterThan(1000);
    }
  });
});

describe('the demo section outlines', () => {
  it('are usable, simple, and the same on every run', () => {
    for (const s of sections) {
      const o = demoSectionOutline(s);
      expect(usable(o), s.code).toBe(true);
      expect(selfIntersects(o), s.code).toBe(false);
      expect(JSON.stringify(demoSectionOutline(s))).toBe(JSON.stringify(o));
    }
  });
});
