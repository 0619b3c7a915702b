import { addDays, reconcileValue } from '@pineguard/contract';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconcileWorkbook } from './export.ts';
import { sectionBalance, seriesStart, type SumRow } from './figures.ts';
import { rangeOf } from './service.ts';

const F = 'gbcfcz0101';
const B = 'gbymfs0101';
const row = (table: string, day: string | undefined, m: Partial<SumRow>): SumRow => ({
  table,
  section: 'S',
  day,
  n: 0,
  qty: 0,
  tons: 0,
  m3: 0,
  tags: 0,
  treated: 0,
  ...m,
});

describe('reconciliation arithmetic (no database)', () => {
  it('keeps trees, tons and m³ apart, and the balance by count with the overdue trees (FIFO)', () => {
    const s = sectionBalance({
      sectionCode: 'S',
      begin: '2024-06-01',
      end: '2024-06-30',
      windowDays: 10,
      before: [],
      series: [
        row(F, '2024-06-01', { n: 3, tags: 3, treated: 2 }),
        row(B, '2024-06-03', { n: 1, qty: 2, tags: 2 }),
        row(B, '2024-06-04', { n: 1, tons: 1.5 }),
        row(B, '2024-06-05', { n: 1, m3: 2 }),
      ],
    });
    expect(s.figures).toEqual({
      felled: 3,
      treated: 2,
      tagsFelled: 3,
      burnedTrees: 2,
      tagsBurned: 2,
      tons: 1.5,
      m3: 2,
      burnRecords: 3,
      gapTrees: 1,
      gapTags: 1,
    });
    expect([s.opening, s.balance, s.overdue, s.reasons]).toEqual([0, 1, 1, ['overdue']]);
    expect(s.days.map((d) => [d.day, d.balance, d.overdue, d.red])).toEqual([
      ['2024-06-01', 3, 0, false],
      ['2024-06-03', 1, 0, false],
      ['2024-06-04', 1, 0, false],
      ['2024-06-05', 1, 0, false],
    ]);
  });

  it('a tree is overdue once more than the window has passed since its felling day', () => {
    const at = (end: string) =>
      sectionBalance({
        sectionCode: 'S',
        begin: '2024-06-01',
        end,
        windowDays: 10,
        before: [],
        series: [row(F, '2024-06-01', { n: 1 })],
      }).overdue;
    expect(at('2024-06-11')).toBe(0);
    expect(at('2024-06-12')).toBe(1);
  });

  it('the season defaults to the project start (else its year, else a year back) until today, China time', () => {
    const now = new Date('2026-11-25T17:00:00Z'); // 2026-11-26 in China
    expect(rangeOf({ startDate: '2026-03-01', year: 2026 }, {}, 'zh-CN', now)).toEqual({
      begin: '2026-03-01',
      end: '2026-11-26',
    });
    expect(rangeOf({ startDate: null, year: 2026 }, {}, 'zh-CN', now).begin).toBe('2026-01-01');
    expect(rangeOf({ startDate: null, year: null }, {}, 'zh-CN', now).begin).toBe('2025-11-26');
    expect(rangeOf({ startDate: '2020-01-01', year: null }, {}, 'zh-CN', now).begin).toBe('2025-11-26');
    expect(() =>
      rangeOf({ startDate: null, year: null }, { begin: '2025-01-01', end: '2026-06-01' }, 'en', now),
    ).toThrow();
  });

  it('property: for any rows, closing = opening + felled − burned by count, and tons/m³ never touch a tree figure', () => {
    const day = fc.integer({ min: -30, max: 40 }).map((d) => addDays('2024-06-01', d));
    const arbRow = fc.record({
      table: fc.constantFrom(F, B),
      day,
      n: fc.integer({ min: 0, max: 5 }),
      qty: fc.integer({ min: 0, max: 30 }),
      tons: fc.double({ min: 0, max: 50, noNaN: true }),
      m3: fc.double({ min: 0, max: 50, noNaN: true }),
      tags: fc.integer({ min: 0, max: 5 }),
      treated: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbRow, { maxLength: 60 }),
        fc.integer({ min: 0, max: 20 }),
        (rows, windowDays) => {
          const begin = '2024-06-01';
          const end = '2024-06-30';
          const start = seriesStart(begin, windowDays);
          const split = (rs: SumRow[]) => ({
            before: rs.filter((r) => r.day! < start).map((r) => ({ ...r, day: undefined })),
            series: rs.filter((r) => r.day! >= start && r.day! <= end),
          });
          const all = rows.map((r) => row(r.table, r.day, r));
          const s = sectionBalance({ sectionCode: 'S', begin, end, windowDays, ...split(all) });
          const felledBy = (to: string, from = '0000') =>
            all.filter((r) => r.table === F && r.day! >= from && r.day! <= to).reduce((a, r) => a + r.n, 0);
          const burnedBy = (to: string, from = '0000') =>
            all.filter((r) => r.table === B && r.day! >= from && r.day! <= to).reduce((a, r) => a + r.qty, 0);
          expect(s.opening).toBe(felledBy(addDays(begin, -1)) - burnedBy(addDays(begin, -1)));
          expect(s.figures.felled).toBe(felledBy(end, begin));
          expect(s.figures.burnedTrees).toBe(burnedBy(end, begin));
          expect(s.balance).toBe(s.opening + s.figures.felled - s.figures.burnedTrees);
          expect(s.balance).toBe(felledBy(end) - burnedBy(end));
          expect(s.overdue).toBeGreaterThanOrEqual(0);
          expect(s.overdue).toBeLessThanOrEqual(Math.max(0, felledBy(end)));
          // Weight and volume change no tree figure.
          const noWood = sectionBalance({
            sectionCode: 'S',
            begin,
            end,
            windowDays,
            ...split(all.map((r) => ({ ...r, tons: 0, m3: 0 }))),
          });
          expect({ ...noWood.figures, tons: 0, m3: 0 }).toEqual({ ...s.figures, tons: 0, m3: 0 });
          expect([noWood.balance, noWood.overdue]).toEqual([s.balance, s.overdue]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('reconciliation workbook', () => {
  it('writes text that looks like a formula as text', async () => {
    const figures = {
      felled: 1,
      treated: 1,
      tagsFelled: 1,
      burnedTrees: 0,
      tagsBurned: 0,
      tons: 0,
      m3: 0,
      burnRecords: 0,
      gapTrees: 1,
      gapTags: 1,
    };
    const balance = { balance: 1, overdue: 0, red: false, reasons: [] };
    const drill = { prjCode: 'P', prjStandCode: F, begin: '2024-06-01', end: '2024-06-30' };
    const value = reconcileValue.parse({
      projectCode: 'P',
      begin: '2024-06-01',
      end: '2024-06-30',
      windowDays: 10,
      tables: { felling: F, burning: B },
      sections: [
        {
          sectionCode: '=1+1',
          sectionName: '@SUM(A1)',
          opening: 0,
          figures,
          ...balance,
          dayCount: 1,
          openAnomalies: 0,
          anomaliesByKind: {},
          drill: { felling: drill, burning: { ...drill, prjStandCode: B } },
        },
      ],
      days: [{ sectionCode: '=1+1', day: '2024-06-01', figures, ...balance }],
      totals: { opening: 0, figures, ...balance, openAnomalies: 0, anomaliesByKind: {} },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await reconcileWorkbook(value, '-cmd', 'zh-CN')) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('按标段')!;
    expect(sheet.getCell('A1').value).toBe("'-cmd 采伐—挂码—焚烧核对");
    expect(sheet.getCell('A4').value).toBe("'=1+1");
    expect(sheet.getCell('B4').value).toBe("'@SUM(A1)");
    expect(book.getWorksheet('按日')!.getCell('A2').value).toBe("'=1+1");
  });
});
