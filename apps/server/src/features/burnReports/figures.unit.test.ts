import { addDays, chinaDay, type RecordRow } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import {
  burnItemOf,
  chartOf,
  daysEnding,
  type DayRow,
  type Points,
  ratioOf,
  sevenDayOf,
  yesterdayOf,
} from './figures.ts';

/**
 * The reports' arithmetic on a small fixed set. Every expected figure below was COUNTED BY HAND
 * from the rows written out here, not computed by the code under test.
 */
const points: Points = new Map([
  ['A点', 'approved'],
  ['B点', 'suspended'],
  ['C点', 'approved'],
]);
const rows: DayRow[] = [
  { day: '2026-11-19', point: 'A点', unit: '株', burns: 2, quantity: 12, passed: 1 },
  { day: '2026-11-19', point: 'A点', unit: '立方米', burns: 1, quantity: 1.256, passed: 1 },
  { day: '2026-11-19', point: 'B点', unit: '株', burns: 1, quantity: 4, passed: 0 },
  { day: '2026-11-19', point: '野外', unit: '', burns: 1, quantity: 3, passed: 0 },
  { day: '2026-11-18', point: 'A点', unit: '株', burns: 5, quantity: 50, passed: 5 },
  { day: '2026-11-01', point: 'C点', unit: '吨', burns: 1, quantity: 2, passed: 0 },
];

describe('fire report arithmetic (hand-counted)', () => {
  it('moves days across months and years and names China days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysEnding('2026-11-02', 3)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    // 16:30 UTC on the 20th is 00:30 on the 21st in China.
    expect(chinaDay(new Date('2026-11-20T16:30:00Z'))).toBe('2026-11-21');
  });

  it('yesterday: per point the day’s rows only; registered points first, unknown names after; totals', () => {
    const v = yesterdayOf(points, rows, '2026-11-19');
    expect(v.list).toEqual([
      {
        name: 'A点',
        pointState: 'approved',
        burns: 3,
        passed: 2,
        trees: 12,
        tons: 0,
        m3: 1.26,
        quantities: [
          { unit: '株', quantity: 12 },
          { unit: '立方米', quantity: 1.26 },
        ],
      },
      {
        name: 'B点',
        pointState: 'suspended',
        burns: 1,
        passed: 0,
        trees: 4,
        tons: 0,
        m3: 0,
        quantities: [{ unit: '株', quantity: 4 }],
      },
      { name: 'C点', pointState: 'approved', burns: 0, passed: 0, trees: 0, tons: 0, m3: 0, quantities: [] },
      {
        name: '野外',
        pointState: 'unknown',
        burns: 1,
        passed: 0,
        trees: 3,
        tons: 0,
        m3: 0,
        quantities: [{ unit: '', quantity: 3 }],
      },
    ]);
    // 3 + 1 + 1 burns; 2 approved; trees: 株 12 + 4 and 3 without unit (counted as trees) = 19;
    // 立方米 1.256 → 1.26, a column of its own, never added to trees.
    expect(v.total).toEqual({
      burns: 5,
      passed: 2,
      trees: 19,
      tons: 0,
      m3: 1.26,
      quantities: [
        { unit: '', quantity: 3 },
        { unit: '株', quantity: 16 },
        { unit: '立方米', quantity: 1.26 },
      ],
    });
  });

  it('seven days: zeros for quiet days, approved = state 20, trees, tons and m³ summed apart', () => {
    const days = daysEnding('2026-11-19', 3);
    const sums = [
      { day: '2026-11-17', state: '10', n: 2, qty: 7, tons: 0, m3: 0 },
      { day: '2026-11-19', state: '10', n: 3, qty: 9, tons: 201.2, m3: 0 },
      { day: '2026-11-19', state: '20', n: 4, qty: 10, tons: 0.35, m3: 4.004 },
      { day: '2026-11-12', state: '20', n: 9, qty: 99, tons: 9, m3: 9 },
    ];
    expect(sevenDayOf(days, sums)).toEqual([
      { day: '2026-11-17', burns: 2, passed: 0, trees: 7, tons: 0, m3: 0 },
      { day: '2026-11-18', burns: 0, passed: 0, trees: 0, tons: 0, m3: 0 },
      { day: '2026-11-19', burns: 7, passed: 4, trees: 19, tons: 201.55, m3: 4 },
    ]);
    // A fractional count stored before counts were checked shows as whole trees.
    expect(sevenDayOf(['2026-11-19'], [{ day: '2026-11-19', state: '10', n: 1, qty: 32.2 }])[0]!.trees).toBe(
      32,
    );
  });

  it('chart: one series per point, burns per day, trees (株 or no unit), tons and m³ apart', () => {
    const v = chartOf(points, rows, ['2026-11-18', '2026-11-19']);
    expect(v.days).toEqual(['2026-11-18', '2026-11-19']);
    const none = [0, 0];
    expect(v.list).toEqual([
      // A: 18th 5 burns 50 株; 19th 2 + 1 burns, 12 株 and 1.26 立方米 (never added to the trees).
      { name: 'A点', pointState: 'approved', burns: [5, 3], trees: [50, 12], tons: none, m3: [0, 1.26] },
      { name: 'B点', pointState: 'suspended', burns: [0, 1], trees: [0, 4], tons: none, m3: none },
      // C's only row (11-01) is outside the days.
      { name: 'C点', pointState: 'approved', burns: [0, 0], trees: [0, 0], tons: none, m3: none },
      { name: '野外', pointState: 'unknown', burns: [0, 1], trees: [0, 3], tons: none, m3: none },
    ]);
  });

  it('ratio: burned trees of the burn table over felled records of the felling table, per section', () => {
    const sections = [
      { code: 'S1', name: '一标段' },
      { code: 'S2', name: '二标段' },
      { code: 'S3', name: '三标段' },
    ];
    const sums = [
      { table: 'fell', section: 'S1', n: 8, qty: 0 },
      { table: 'burn', section: 'S1', n: 3, qty: 6, tons: 2.5, m3: 0 },
      { table: 'fell', section: 'S2', n: 3, qty: 0 },
      { table: 'burn', section: 'S2', n: 1, qty: 1 },
      { table: 'burn', section: 'S3', n: 2, qty: 5 },
      // A section outside the list (another's scope) is left out of the total too.
      { table: 'fell', section: 'S9', n: 100, qty: 0 },
    ];
    const v = ratioOf(sections, sums, 'fell', 'burn', '合计');
    expect(v.list).toEqual([
      // The 2.5 吨 burned in S1 is shown beside the trees, not in the ratio.
      {
        sectionCode: 'S1',
        sectionName: '一标段',
        felled: 8,
        burned: 6,
        burnedTons: 2.5,
        burnedM3: 0,
        ratio: 75,
      },
      // 1 / 3 = 33.33…% → 33.3
      {
        sectionCode: 'S2',
        sectionName: '二标段',
        felled: 3,
        burned: 1,
        burnedTons: 0,
        burnedM3: 0,
        ratio: 33.3,
      },
      {
        sectionCode: 'S3',
        sectionName: '三标段',
        felled: 0,
        burned: 5,
        burnedTons: 0,
        burnedM3: 0,
        ratio: null,
      },
    ]);
    // 12 burned / 11 felled = 109.09…% → 109.1
    expect(v.total).toEqual({
      sectionCode: '',
      sectionName: '合计',
      felled: 11,
      burned: 12,
      burnedTons: 2.5,
      burnedM3: 0,
      ratio: 109.1,
    });
    // A project without the felling table: nothing felled, no ratio.
    expect(ratioOf(sections, sums, undefined, 'burn', '合计').total).toMatchObject({
      felled: 0,
      ratio: null,
    });
  });

  it('a records-list row becomes a burn record with its point’s state and section name', () => {
    const row = {
      id: 'r1',
      code_project4: 'S1',
      userName: '徐长根',
      time_submit: '2026-11-19 09:00:00',
      code_state: '10',
      fsd: 'B点',
      yimushuliang: '7.5',
      jldw: '吨',
    } as unknown as RecordRow;
    expect(burnItemOf(row, points, new Map([['S1', '一标段']]))).toEqual({
      id: 'r1',
      fsd: 'B点',
      pointState: 'suspended',
      yimushuliang: 7.5,
      jldw: '吨',
      fssj: '',
      biaoduan: 'S1',
      sectionName: '一标段',
      userName: '徐长根',
      time_submit: '2026-11-19 09:00:00',
      code_state: '10',
    });
  });
});
