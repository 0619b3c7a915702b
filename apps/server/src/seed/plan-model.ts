import type { demoBurnPoints } from './burnPoints.ts';
import type { PlantedAnomaly } from './planted.ts';
import { demoUuid, type Rand } from './random.ts';
import type { Township } from './places.ts';

/**
 * The whole demo as data, before anything is stored: a pure function of (today, scale), so the
 * census list stored at initialisation and the records loaded by the job afterwards agree, and a
 * retried load plans exactly the same rows (the same ids).
 *
 * Days are indexes 0..DEMO_DAYS (0 = today − 60, DEMO_DAYS = today): the autumn census of each
 * sub-compartment on days 0–10, felling from day 10, each tree burnt 1–3 days after it was felled.
 */
export const DEMO_DAYS = 60;
/** Trees felled from this day on still wait at the section (the open balance of the reconciliation). */
export const WAITING_FROM_DAY = DEMO_DAYS - 2;

export type DemoOptions = {
  /** The China day the demo ends on (yyyy-MM-dd). */
  today: string;
  /** Nothing later than this instant is stored (records of today after it are left out). */
  until: Date;
  /** 1: the full demo (~3,000 records); smaller for tests (0.05 ≈ 150 records). */
  scale: number;
};

export type TableCode = 'gbcfcz0101' | 'gbymfs0101' | 'gbksdc0101';
export type PhotoKind = 'before' | 'stump' | 'treated' | 'pile' | 'burning' | 'tree' | 'meeting';
export type PlannedPhoto = {
  id: string;
  field: string;
  kind: PhotoKind;
  takenAt: Date;
  /** Where the photo says it was taken, when not at its record (a planted photo_place). */
  point?: [number, number];
  /** Another record's photo, stored with that record (a planted photo_duplicate). */
  reused?: boolean;
};
export type Review = 'approve' | 'return' | 'reject';

export type PlannedRecord = {
  key: string;
  id: string;
  projectCode: string;
  sectionCode: string;
  tableCode: TableCode;
  /** The field-worker account that collects it. */
  collector: string;
  day: number;
  at: Date;
  gps: { long: number; lat: number; alt: number; range: number };
  place: { xiang: string; xzcun: string; xiaoban: string };
  /** Its fields, photos left out (added as file ids when stored). */
  fields: Record<string, unknown>;
  photos: PlannedPhoto[];
  review: Review | null;
  reason?: string;
  /** Carries a planted anomaly: left uploaded for the supervisor to look at. */
  planted?: boolean;
};

export type PlannedTree = {
  xiaoban: Xiaoban;
  treeNo: string;
  species: string;
  dbh: number;
  height: number;
  long: number;
  lat: number;
  /** Its felling, when felled in the demo; `seq` is its tag's number in the section's batch. */
  fell?: { day: number; at: Date; seq: number; record: PlannedRecord };
  /** Left out of the clean burns (a planted anomaly burns it elsewhere, or never). */
  reserved?: boolean;
  /** The clean burn record that burnt it. */
  burnt?: PlannedRecord;
};

export type Xiaoban = {
  code: string;
  township: Township;
  village: string;
  surveyDay: number;
  centre: [number, number];
  trees: PlannedTree[];
};

export type SectionPlan = {
  projectCode: string;
  sectionCode: string;
  index: number;
  collectors: [string, string];
  burnPoint: (typeof demoBurnPoints)[number];
  xiaobans: Xiaoban[];
  /** Every tree in felling order (felled ones first). */
  trees: PlannedTree[];
  /** Trees felled by the clean plan (tags 1..felled of the batch). */
  felled: number;
  /** Size of the section's tag batch: the felled trees' tags and a few spare. */
  batchSize: number;
  records: PlannedRecord[];
  rnd: Rand;
  dayOf(index: number): string;
  tag(seq: number): string;
};

export type DemoPlan = {
  options: DemoOptions;
  sections: SectionPlan[];
  /** Every record to store, in the order they happened. */
  records: PlannedRecord[];
  planted: PlantedAnomaly[];
};

const treatments = [
  '十字口,投药,覆膜',
  '剥皮,十字口,覆膜',
  '十字口,投药,覆土',
  '剥皮,投药,覆膜',
  '十字口,覆膜',
];

/** The felling record of `tree`, naming the tag `seq` of the section's batch. */
export function fell(
  s: SectionPlan,
  tree: PlannedTree,
  day: number,
  at: Date,
  seq: number,
  collector: string,
  key = `${s.sectionCode}/fell/${tree.xiaoban.code}/${tree.treeNo}`,
): PlannedRecord {
  const stump = s.rnd.pick([1, 2, 2, 3, 3, 3, 4, 4, 5]);
  const r = record(s, key, 'gbcfcz0101', collector, day, at, [tree.long, tree.lat], tree.xiaoban, {
    qrcode: s.tag(seq),
    shuzhong: tree.species,
    xiongjing: tree.dbh,
    shugao: tree.height,
    dungao: stump,
    multi_fzcl: s.rnd.pick(treatments),
    beizhu: `小班 ${tree.xiaoban.code} 第${Number(tree.treeNo)}号枯死树`,
  });
  s.records.push(r);
  tree.fell = { day, at, seq, record: r };
  return r;
}

const photoFields: Record<TableCode, [string, PhotoKind, number][]> = {
  // field, what it shows, minutes before the record was saved
  gbcfcz0101: [
    ['pic_before', 'before', 16],
    ['pic_stump', 'stump', 8],
    ['pic_treated', 'treated', 3],
  ],
  gbymfs0101: [
    ['pic_before', 'pile', 32],
    ['pic_burning', 'burning', 11],
  ],
  gbksdc0101: [['pic_tree', 'tree', 5]],
};

/** A planned record at `point`, its photos taken a few minutes before it at the same place. */
export function record(
  s: SectionPlan,
  key: string,
  tableCode: TableCode,
  collector: string,
  day: number,
  at: Date,
  point: [number, number],
  x: { code: string; township: Township; village: string } | null,
  fields: Record<string, unknown>,
): PlannedRecord {
  const id = demoUuid(key);
  return {
    key,
    id,
    projectCode: s.projectCode,
    sectionCode: s.sectionCode,
    tableCode,
    collector,
    day,
    at,
    gps: {
      long: round6(point[0] + s.rnd.between(-0.00004, 0.00004)),
      lat: round6(point[1] + s.rnd.between(-0.00004, 0.00004)),
      alt: Math.round(s.rnd.between(120, 650)),
      range: s.rnd.int(3, 12),
    },
    place: { xiang: x?.township.code ?? '', xzcun: x?.village ?? '', xiaoban: x?.code ?? '' },
    fields,
    photos: photoFields[tableCode].map(([field, kind, before]) => ({
      id: demoUuid(`${key}/${field}`),
      field,
      kind,
      takenAt: new Date(at.getTime() - (before + s.rnd.next() * 2) * 60_000),
    })),
    review: null,
  };
}

export const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
