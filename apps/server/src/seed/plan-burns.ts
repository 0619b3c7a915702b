import { burnWitness, townships } from './places.ts';
import { chinaInstant } from './random.ts';
import {
  DEMO_DAYS,
  type PlannedRecord,
  type PlannedTree,
  record,
  type SectionPlan,
  WAITING_FROM_DAY,
} from './plan-model.ts';

/**
 * Burning: every 1–3 days the section's wood felled since the last burn goes to its burn point in
 * loads of 8–16 trees, one record per load in 株 listing exactly the tags of its trees (so a tree
 * waits at most 3 days, well inside the 10-day window). Trees felled in the last two days, and the
 * section's last two, still wait: the open balance. Branch wood is burnt in bulk every 5–7 days,
 * in 吨 at an incinerator and in 立方米 on an open site, listing no tags (never mixed with trees).
 */
export function planBurns(s: SectionPlan): void {
  const lastTwo = new Set(s.trees.slice(Math.max(0, s.felled - 2), s.felled));
  const queue = s.trees
    .slice(0, s.felled)
    .filter((t) => t.fell && !t.reserved && !lastTwo.has(t) && t.fell.day < WAITING_FROM_DAY);
  const first = Math.min(...queue.map((t) => t.fell!.day));
  let load = 0;
  for (let day = first + s.rnd.int(1, 2); day <= DEMO_DAYS; day += s.rnd.int(1, 3)) {
    const ready = queue.filter((t) => !t.burnt && t.fell!.day < day);
    let minutes = 14 * 60 + s.rnd.int(0, 20);
    while (ready.length) {
      const trees = ready.splice(0, s.rnd.int(8, 16));
      const r = burnRecord(s, `${s.sectionCode}/burn/${day}/${++load}`, day, minutes, trees);
      for (const t of trees) t.burnt = r;
      minutes += s.rnd.int(30, 45);
    }
  }
}

/** A burn record in 株 of `trees` at the section's burn point on `day`, `minutes` after midnight. */
export function burnRecord(
  s: SectionPlan,
  key: string,
  day: number,
  minutes: number,
  trees: PlannedTree[],
  codes: string[] = [],
): PlannedRecord {
  const tags = [...trees.map((t) => s.tag(t.fell!.seq)), ...codes];
  const r = record(
    s,
    key,
    'gbymfs0101',
    s.collectors[1],
    day,
    chinaInstant(s.dayOf(day), minutes),
    [s.burnPoint.gpsLong, s.burnPoint.gpsLat],
    burnPlace(s),
    {
      fsd: s.burnPoint.name,
      yimushuliang: tags.length,
      jldw: '株',
      fssj: s.dayOf(day),
      jdr: burnWitness[s.projectCode] ?? '',
      multi_qrcode: tags.join(','),
      beizhu: `${s.sectionCode} 疫木${tags.length}株集中焚烧`,
    },
  );
  s.records.push(r);
  return r;
}

/** Adds `code` to a burn record in 株: its tags and its count move together. */
export function addTag(r: PlannedRecord, code: string): void {
  const tags = String(r.fields.multi_qrcode ?? '')
    .split(',')
    .filter(Boolean);
  tags.push(code);
  r.fields.multi_qrcode = tags.join(',');
  r.fields.yimushuliang = tags.length;
  r.fields.beizhu = `${r.sectionCode} 疫木${tags.length}株集中焚烧`;
}

function burnPlace(s: SectionPlan) {
  const township = townships[s.burnPoint.townshipCode ?? '']!;
  return { code: '', township, village: '' };
}

/** Branch wood in bulk, and a few records sent twice by mistake (the supervisor rejects the copy). */
export function planBulkAndDuplicates(s: SectionPlan): void {
  const burns = s.records.filter((r) => r.tableCode === 'gbymfs0101').sort((a, b) => a.day - b.day);
  const incinerator = s.burnPoint.kind === 'incinerator';
  let since = 0;
  let next = (burns[0]?.day ?? DEMO_DAYS) + s.rnd.int(4, 6);
  let bulk: PlannedRecord | undefined;
  for (const b of burns) {
    since += Number(b.fields.yimushuliang);
    if (b.day < next) continue;
    // About 0.05 t (0.1 m³) of branches ≥ 1 cm per tree.
    const amount = since * (incinerator ? s.rnd.between(0.04, 0.07) : s.rnd.between(0.08, 0.14));
    bulk = record(
      s,
      `${s.sectionCode}/bulk/${b.day}`,
      'gbymfs0101',
      s.collectors[1],
      b.day,
      chinaInstant(s.dayOf(b.day), 16 * 60 + 40 + s.rnd.int(0, 15)),
      [s.burnPoint.gpsLong, s.burnPoint.gpsLat],
      burnPlace(s),
      {
        fsd: s.burnPoint.name,
        yimushuliang: Math.max(0.3, Math.round(amount * 10) / 10),
        jldw: incinerator ? '吨' : '立方米',
        fssj: s.dayOf(b.day),
        jdr: burnWitness[s.projectCode] ?? '',
        beizhu: '直径1厘米以上枝桠集中焚烧',
      },
    );
    s.records.push(bulk);
    since = 0;
    next = b.day + s.rnd.int(5, 7);
  }
  const census = s.records.find((r) => r.tableCode === 'gbksdc0101');
  for (const original of [census, s.felled > 200 ? bulk : undefined]) {
    if (!original || original.day >= WAITING_FROM_DAY) continue;
    const copy = record(
      s,
      `${original.key}/copy`,
      original.tableCode,
      original.collector,
      original.day,
      new Date(original.at.getTime() + s.rnd.int(4, 9) * 60_000),
      [original.gps.long, original.gps.lat],
      null,
      { ...original.fields },
    );
    copy.place = { ...original.place };
    copy.review = 'reject';
    copy.reason = '重复上报：与同一地点已提交的记录相同';
    s.records.push(copy);
  }
}

const returnReasons: Record<string, string> = {
  gbcfcz0101: '伐桩处理后照片不清晰，请补拍',
  gbymfs0101: '焚烧中照片未见疫木，请补拍',
  gbksdc0101: '调查照片未见枯死树，请核实',
};

/**
 * The supervisor's review: records of the last two days and those carrying a planted anomaly wait;
 * of the rest most are approved, about 4 % sent back, 8 % not yet looked at; copies are rejected.
 */
export function planReviews(s: SectionPlan): void {
  for (const r of s.records) {
    if (r.review === 'reject' || r.planted || r.day >= WAITING_FROM_DAY) continue;
    const roll = s.rnd.next();
    if (roll < 0.04) {
      r.review = 'return';
      r.reason = returnReasons[r.tableCode]!;
    } else if (roll >= 0.12) r.review = 'approve';
  }
}
