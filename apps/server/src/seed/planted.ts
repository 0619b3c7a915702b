import { type AnomalyKind, DEFAULT_BURN_WINDOW_DAYS } from '@pineguard/contract';
import { demoProjects } from './demo.ts';
import { addTag, burnRecord } from './plan-burns.ts';
import {
  DEMO_DAYS,
  type DemoOptions,
  fell,
  type PlannedRecord,
  type PlannedTree,
  type SectionPlan,
} from './plan-model.ts';
import { demoTagCode, unissuedTagCode } from './qrTags.ts';
import { random, type Rand, seedOf } from './random.ts';

/**
 * The anomalies planted into the clean demo (issue 26, docs/demo.md): at least one of each kind
 * the chain and value checks raise, about 2 % of the records at scale 1. Each is one
 * (record, kind, tag) — what the checks should find — and nothing else in the demo is wrong.
 * `count_fractional` is not planted: ingestion refuses a fractional tree count.
 */
export type PlantedAnomaly = {
  kind: AnomalyKind;
  projectCode: string;
  sectionCode: string;
  /** The record the anomaly belongs to (its demo key, and its id: the client uuid). */
  recordKey: string;
  recordId: string;
  /** The tag concerned (chain kinds); null for a stump too high. */
  tagCode: string | null;
  /** Which record, in words (zh-CN), for people checking the screens. */
  description: string;
};

export const plantedKinds = [
  'stump_high',
  'tag_unknown',
  'tag_other_project',
  'tag_felled_twice',
  'tag_burned_twice',
  'burn_without_felling',
  'burn_other_section',
  'burn_late',
] as const satisfies readonly AnomalyKind[];
type PlantedKind = (typeof plantedKinds)[number];

/** How many of each kind at scale 1 (KH2026 36, JS2026 24: ~2 % of ~3,000 records); at least 1. */
const atFullScale: Record<string, Record<PlantedKind, number>> = {
  KH2026: {
    stump_high: 12,
    tag_unknown: 3,
    tag_other_project: 3,
    tag_felled_twice: 3,
    tag_burned_twice: 3,
    burn_without_felling: 3,
    burn_other_section: 5,
    burn_late: 4,
  },
  JS2026: {
    stump_high: 8,
    tag_unknown: 2,
    tag_other_project: 2,
    tag_felled_twice: 2,
    tag_burned_twice: 2,
    burn_without_felling: 2,
    burn_other_section: 3,
    burn_late: 3,
  },
};

const WINDOW = DEFAULT_BURN_WINDOW_DAYS;

type Pending = {
  kind: PlantedKind;
  n: number;
  s: SectionPlan;
  tree?: PlannedTree;
  code?: string;
  done?: PlantedAnomaly;
};

/** Per section: the trees already used by a planted anomaly, its own generator, the spare tags taken. */
type Planting = { used: Set<PlannedTree>; rnd: Rand; spareTaken: number; lentFromEnd: number };

/** Plants what needs no burn record yet, and sets aside the trees the burn plan must leave alone. */
export function plantBeforeBurns(o: DemoOptions, sections: SectionPlan[]): Pending[] {
  const state = new Map<SectionPlan, Planting>(
    sections.map((s) => [
      s,
      { used: new Set(), rnd: random(seedOf(`${s.sectionCode}/planted`)), spareTaken: 0, lentFromEnd: 0 },
    ]),
  );
  const pending: Pending[] = [];
  for (const project of demoProjects) {
    const mine = sections.filter((s) => s.projectCode === project.code);
    let unissued = 0;
    plantedKinds.forEach((kind, k) => {
      const n = Math.max(1, Math.round(atFullScale[project.code]![kind] * o.scale));
      for (let i = 0; i < n; i++) {
        const s = mine[(i + k) % mine.length]!;
        const p = state.get(s)!;
        const item: Pending = { kind, n: i + 1, s };
        pending.push(item);
        // burn_late needs room after the window before yesterday; the others only an old enough felling.
        const latest = kind === 'burn_late' ? DEMO_DAYS - WINDOW - 6 : 45;
        if (kind === 'burn_without_felling') {
          item.code = s.tag(s.felled + 1 + p.spareTaken++);
          continue;
        }
        const tree = candidate(s, p, latest);
        item.tree = tree;
        const r = tree.fell!.record;
        if (kind === 'stump_high') {
          r.fields.dungao = p.rnd.pick([7, 8, 9, 10, 12, 15]);
          item.done = planted(
            kind,
            r,
            null,
            `伐桩高度 ${r.fields.dungao} cm（上限 5 cm），${treeName(tree)}`,
          );
        } else if (kind === 'tag_unknown') {
          const code = unissuedTagCode(project.code, ++unissued);
          r.fields.qrcode = code;
          tree.reserved = true;
          item.done = planted(kind, r, code, `${treeName(tree)}的采伐记录，二维码从未发放`);
        } else if (kind === 'tag_other_project') {
          const other = sections.find((x) => x.projectCode !== project.code && x.index === s.index)!;
          const code = demoTagCode(
            other.projectCode,
            other.sectionCode,
            other.batchSize - state.get(other)!.lentFromEnd++,
          );
          r.fields.qrcode = code;
          tree.reserved = true;
          item.done = planted(
            kind,
            r,
            code,
            `${treeName(tree)}的采伐记录，二维码属 ${other.projectCode} ${other.sectionCode}`,
          );
        } else if (kind === 'tag_felled_twice') {
          // The worker used the tag again on the next tree of the day (before the first was burnt).
          const standing = s.trees.slice(s.felled).filter((t) => !t.fell && !p.used.has(t));
          const second = standing.find((t) => t.xiaoban === tree.xiaoban) ?? standing[0];
          if (!second) throw new Error(`demo plan: ${s.sectionCode} has no standing tree left for ${kind}`);
          p.used.add(second);
          const first = tree.fell!;
          const again = fell(
            s,
            second,
            first.day,
            new Date(first.at.getTime() + 21 * 60_000),
            first.seq,
            first.record.collector,
          );
          again.planted = true;
          item.done = planted(
            kind,
            again,
            s.tag(first.seq),
            `${treeName(second)}的采伐记录，二维码已用于${treeName(tree)}`,
          );
        } else if (kind === 'burn_other_section' || kind === 'burn_late') tree.reserved = true;
      }
    });
  }
  return pending;
}

/** Plants the burns: a tag added to a clean burn record of the right day, or a record of its own. */
export function plantAfterBurns(sections: SectionPlan[], pending: Pending[]): PlantedAnomaly[] {
  return pending.map((item) => {
    if (item.done) return item.done;
    const { kind, s, tree } = item;
    const f = tree?.fell;
    if (kind === 'tag_burned_twice') {
      const first = tree!.burnt;
      if (!first) throw new Error(`demo plan: ${treeName(tree!)} was never burnt`);
      const code = s.tag(f!.seq);
      const host = hostOf(s, item, (r) => r !== first && r.at > first.at && r.day <= f!.day + WINDOW - 2);
      return planted(kind, host, code, `${treeName(tree!)}已在此前的焚烧记录中列出，又列一次`, code);
    }
    if (kind === 'burn_without_felling') {
      const host = hostOf(s, item, (r) => r.day >= 20);
      return planted(kind, host, item.code!, `列出 ${s.sectionCode} 的备用标签，无采伐记录`, item.code);
    }
    const code = s.tag(f!.seq);
    if (kind === 'burn_other_section') {
      const target = sections.find((x) => x.projectCode === s.projectCode && x.index === (s.index + 1) % 3)!;
      const host = hostOf(target, item, (r) => r.at > f!.at && r.day <= f!.day + WINDOW - 2, f!.day + 1);
      return planted(
        kind,
        host,
        code,
        `${treeName(tree!)}（${s.sectionCode} 采伐）在 ${target.sectionCode} 焚烧`,
        code,
      );
    }
    // burn_late: burnt 12–15 days after felling, the window being 10.
    const host = hostOf(
      s,
      item,
      (r) => r.day >= f!.day + WINDOW + 2 && r.day <= f!.day + WINDOW + 5,
      f!.day + WINDOW + 2,
    );
    return planted(
      kind,
      host,
      code,
      `${treeName(tree!)}采伐 ${host.day - f!.day} 天后才焚烧（时限 ${WINDOW} 天）`,
      code,
    );
  });
}

/**
 * A clean burn record in 株 of `s` that `fits` (chosen by the section's planting generator), or a
 * new one on `day` when none does; `code`, when given, is added to it.
 */
function hostOf(
  s: SectionPlan,
  item: Pending,
  fits: (r: PlannedRecord) => boolean,
  day = (item.tree?.burnt?.day ?? 30) + 1,
): PlannedRecord {
  const burns = s.records.filter(
    (r) =>
      r.tableCode === 'gbymfs0101' &&
      r.fields.jldw === '株' &&
      !r.planted &&
      r.day < DEMO_DAYS - 1 &&
      fits(r),
  );
  const rnd = random(seedOf(`${s.sectionCode}/${item.kind}/${item.n}`));
  const host = burns.length
    ? rnd.pick(burns)
    : burnRecord(s, `${s.sectionCode}/planted/${item.kind}/${item.n}`, day, 15 * 60 + 30, []);
  host.planted = true;
  return host;
}

function candidate(s: SectionPlan, p: Planting, latest: number): PlannedTree {
  const trees = s.trees
    .slice(0, s.felled)
    .filter((t) => t.fell && !p.used.has(t) && t.fell.day >= 15 && t.fell.day <= latest);
  if (!trees.length) throw new Error(`demo plan: ${s.sectionCode} has no felled tree left to plant in`);
  const tree = p.rnd.pick(trees);
  p.used.add(tree);
  return tree;
}

function planted(
  kind: PlantedKind,
  r: PlannedRecord,
  tagCode: string | null,
  description: string,
  add?: string,
): PlantedAnomaly {
  if (add) addTag(r, add);
  r.planted = true;
  const burn =
    r.tableCode === 'gbymfs0101' ? `${r.fields.fsd}的焚烧记录（${r.fields.yimushuliang}株）：` : '';
  return {
    kind,
    projectCode: r.projectCode,
    sectionCode: r.sectionCode,
    recordKey: r.key,
    recordId: r.id,
    tagCode,
    description: burn + description,
  };
}

const treeName = (t: PlannedTree) => `小班 ${t.xiaoban.code} 第${Number(t.treeNo)}号树`;
