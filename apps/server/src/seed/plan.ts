import { addDays } from '@pineguard/contract';
import { demoBurnPoints } from './burnPoints.ts';
import { demoFieldWorkers, demoProjects } from './demo.ts';
import { planBurns, planBulkAndDuplicates, planReviews } from './plan-burns.ts';
import {
  DEMO_DAYS,
  type DemoOptions,
  type DemoPlan,
  fell,
  record,
  round6,
  type SectionPlan,
  type Xiaoban,
} from './plan-model.ts';
import { plantAfterBurns, plantBeforeBurns, type PlantedAnomaly } from './planted.ts';
import { plantEvidence } from './plantedEvidence.ts';
import { demoTagCode } from './qrTags.ts';
import { chinaInstant, random, seedOf } from './random.ts';
import { sectionBurnPoint, townships } from './places.ts';

/** Sub-compartments per section at scale 1. */
const XIAOBANS: Record<string, number> = { KH2026: 11, JS2026: 7 };
const FELLED_SHARE = 0.85;
const otherPines = ['黑松', '湿地松', '火炬松'];

export function buildDemoPlan(options: DemoOptions): DemoPlan {
  const sections = demoProjects.flatMap((p) => p.sections.map((s, i) => baseSection(options, p, s, i)));
  const pending = plantBeforeBurns(options, sections);
  for (const s of sections) planBurns(s);
  const planted = [...plantAfterBurns(sections, pending), ...plantEvidence(options, sections)];
  for (const s of sections) {
    planBulkAndDuplicates(s);
    planReviews(s);
  }
  const until = options.until.getTime();
  const records = sections
    .flatMap((s) => s.records)
    .filter((r) => r.at.getTime() <= until)
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
  return { options, sections, records, planted };
}

function baseSection(
  o: DemoOptions,
  project: (typeof demoProjects)[number],
  section: (typeof demoProjects)[number]['sections'][number],
  index: number,
): SectionPlan {
  const rnd = random(seedOf(`${project.code}/${section.code}`));
  const prefix = project.code.slice(0, 2);
  const collectors = demoFieldWorkers.filter((w) => w.sectionCode === section.code).map((w) => w.account);
  const burnPoint = demoBurnPoints.find((b) => b.name === sectionBurnPoint[section.code]);
  if (collectors.length !== 2 || !burnPoint) throw new Error(`demo section ${section.code} is incomplete`);
  const plan: SectionPlan = {
    projectCode: project.code,
    sectionCode: section.code,
    index,
    collectors: collectors as [string, string],
    burnPoint,
    xiaobans: [],
    trees: [],
    felled: 0,
    batchSize: 0,
    records: [],
    rnd,
    dayOf: (i) => addDays(o.today, i - DEMO_DAYS),
    tag: (seq) => demoTagCode(project.code, section.code, seq),
  };
  const count = Math.max(1, Math.round((XIAOBANS[project.code] ?? 8) * o.scale));
  const perTree = Math.min(1, Math.max(0.25, o.scale * 3));
  for (let x = 0; x < count; x++) {
    const township = townships[section.areaCodes[x % section.areaCodes.length]!]!;
    const centre: [number, number] = [
      township.centre[0] + rnd.between(-0.025, 0.025),
      township.centre[1] + rnd.between(-0.02, 0.02),
    ];
    const xiaoban: Xiaoban = {
      code: `${prefix}${String(index + 1).padStart(2, '0')}-${String(x * 7 + 11).padStart(3, '0')}`,
      township,
      village: rnd.pick(township.villages),
      surveyDay: rnd.int(0, 10),
      centre,
      trees: [],
    };
    const trees = Math.round(rnd.between(40, 70) * perTree);
    for (let i = 0; i < trees; i++) {
      // Masson pines killed by the disease: 10–40 cm at breast height, 6–20 m tall.
      const dbh = Math.round(10 + 30 * ((rnd.next() + rnd.next()) / 2));
      const height = Math.min(20, Math.max(6, Math.round((3.5 + dbh * 0.38 + rnd.between(-2, 2)) * 10) / 10));
      xiaoban.trees.push({
        xiaoban,
        treeNo: String(i + 1).padStart(3, '0'),
        species: rnd.chance(0.9) ? '马尾松' : rnd.pick(otherPines),
        dbh,
        height,
        long: round6(centre[0] + rnd.between(-0.002, 0.002)),
        lat: round6(centre[1] + rnd.between(-0.002, 0.002)),
      });
    }
    plan.xiaobans.push(xiaoban);
  }
  plan.xiaobans.sort((a, b) => a.surveyDay - b.surveyDay || a.code.localeCompare(b.code));
  plan.trees = plan.xiaobans.flatMap((x) => x.trees);
  for (const x of plan.xiaobans) planCensus(plan, x);
  planFellings(plan);
  return plan;
}

/** 2–3 survey points per sub-compartment; their 枯死株数 add up to the sub-compartment's list. */
function planCensus(s: SectionPlan, x: Xiaoban): void {
  const points = Math.min(x.trees.length, s.rnd.int(2, 3));
  const size = Math.ceil(x.trees.length / points);
  for (let j = 0; j < points; j++) {
    const trees = x.trees.slice(j * size, (j + 1) * size);
    if (!trees.length) continue;
    const at = chinaInstant(s.dayOf(x.surveyDay), 9 * 60 + j * s.rnd.int(30, 50) + s.rnd.int(0, 9));
    const long = trees.reduce((a, t) => a + t.long, 0) / trees.length;
    const lat = trees.reduce((a, t) => a + t.lat, 0) / trees.length;
    const key = `${s.sectionCode}/census/${x.code}/${j + 1}`;
    s.records.push(
      record(s, key, 'gbksdc0101', s.collectors[0], x.surveyDay, at, [long, lat], x, {
        kssl: trees.length,
        shuzhong: '马尾松',
        pjxj: Math.round((trees.reduce((a, t) => a + t.dbh, 0) / trees.length) * 10) / 10,
        dcfs: s.rnd.chance(0.8) ? '地面调查' : '无人机',
        sfqy: s.rnd.chance(0.1) ? '是' : '否',
        beizhu: `小班 ${x.code} 第${j + 1}调查点，${x.village}`,
      }),
    );
  }
}

/**
 * The section's team fells the surveyed trees in order from day 10, each tree one record named by
 * the next tag of the section's batch, the two field workers taking turns; 15 % still stand.
 */
function planFellings(s: SectionPlan): void {
  const total = s.trees.length;
  s.felled = Math.min(total - 1, Math.max(1, Math.round(total * FELLED_SHARE)));
  s.batchSize = s.felled + Math.max(4, Math.round(s.felled * 0.06));
  const perDay = new Map<string, number>();
  for (let k = 0; k < s.felled; k++) {
    const tree = s.trees[k]!;
    const day = Math.min(
      DEMO_DAYS,
      Math.max(10 + Math.floor((k * 51) / s.felled), tree.xiaoban.surveyDay + 2),
    );
    const collector = s.collectors[k % 2]!;
    const slot = `${day}/${collector}`;
    const n = perDay.get(slot) ?? 0;
    perDay.set(slot, n + 1);
    const at = chinaInstant(s.dayOf(day), 8 * 60 + n * s.rnd.int(25, 40) + s.rnd.int(0, 15));
    fell(s, tree, day, at, k + 1, collector);
  }
}

/** The anomalies planted into the demo of `options` (kind, record id, tag): what the checks must find. */
export function plantedAnomalies(options: DemoOptions): PlantedAnomaly[] {
  return buildDemoPlan(options).planted;
}
