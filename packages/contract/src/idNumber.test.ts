import { describe, expect, it } from 'vitest';
import { addDays, chinaToday } from './chinaTime.ts';
import {
  ageOn,
  idNumberCheckChar,
  makeIdNumber,
  maskIdNumber,
  MOBILE_PATTERN,
  parseIdNumber,
} from './idNumber.ts';

const today = '2026-11-23';

describe('ID number (GB 11643)', () => {
  it('computes the ISO 7064 MOD 11-2 check character of the standard example', () => {
    // GB 11643-1999 appendix example: 11010519491231002X.
    expect(idNumberCheckChar('11010519491231002')).toBe('X');
    expect(parseIdNumber('11010519491231002X', today)).toEqual({
      ok: true,
      value: { idNumber: '11010519491231002X', regionCode: '110105', birthDate: '1949-12-31', sex: 0 },
    });
  });

  it('derives sex from the 17th digit and accepts a lower-case x', () => {
    const man = makeIdNumber('330824', '1978-03-15', 131);
    const woman = makeIdNumber('330881', '1985-07-02', 242);
    expect(parseIdNumber(man, today)).toMatchObject({
      ok: true,
      value: { sex: 1, birthDate: '1978-03-15', regionCode: '330824' },
    });
    expect(parseIdNumber(woman, today)).toMatchObject({ ok: true, value: { sex: 0, regionCode: '330881' } });
    const withX = Array.from({ length: 1000 }, (_, i) => makeIdNumber('330824', '1990-01-01', i)).find((n) =>
      n.endsWith('X'),
    )!;
    expect(parseIdNumber(withX.toLowerCase(), today)).toMatchObject({ ok: true, value: { idNumber: withX } });
  });

  it('refuses a wrong check digit, a wrong length, impossible and future birth dates', () => {
    const good = makeIdNumber('330824', '1978-03-15', 131);
    const wrong = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expect(parseIdNumber(wrong, today)).toEqual({ ok: false, problem: 'idNumberChecksum' });
    expect(parseIdNumber(good.slice(0, 17), today)).toEqual({ ok: false, problem: 'idNumberLength' });
    expect(parseIdNumber(`${good}1`, today)).toEqual({ ok: false, problem: 'idNumberLength' });
    expect(parseIdNumber('33082419780230131X', today)).toEqual({ ok: false, problem: 'idNumberBirthDate' });
    expect(parseIdNumber(makeIdNumber('330824', '2027-01-01', 1), today)).toEqual({
      ok: false,
      problem: 'idNumberBirthDate',
    });
    expect(parseIdNumber(makeIdNumber('330824', '1899-12-31', 1), today)).toEqual({
      ok: false,
      problem: 'idNumberBirthDate',
    });
    expect(parseIdNumber(makeIdNumber('030824', '1980-01-01', 1), today)).toEqual({
      ok: false,
      problem: 'idNumberRegion',
    });
    // 29 February exists in leap years only.
    expect(parseIdNumber(makeIdNumber('330824', '2000-02-29', 5), today).ok).toBe(true);
    expect(parseIdNumber(makeIdNumber('330824', '1900-02-29', 5), today)).toEqual({
      ok: false,
      problem: 'idNumberBirthDate',
    });
  });

  it('accepts every generated number and refuses every single-digit change', () => {
    for (let i = 0; i < 200; i++) {
      const id = makeIdNumber(i % 2 ? '330824' : '330881', addDays('1960-01-01', i * 97), i * 7);
      expect(parseIdNumber(id, today).ok).toBe(true);
      const pos = i % 17;
      const changed = id.slice(0, pos) + String((Number(id[pos]) + 1) % 10) + id.slice(pos + 1);
      expect(parseIdNumber(changed, today).ok).toBe(false);
    }
  });

  it('masks all but the first 6 and last 4, computes age, knows China dates and mobiles', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110105********002X');
    expect(ageOn('1978-03-15', '2026-03-14')).toBe(47);
    expect(ageOn('1978-03-15', '2026-03-15')).toBe(48);
    expect(chinaToday(new Date('2026-11-23T16:30:00Z'))).toBe('2026-11-24');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(MOBILE_PATTERN.test('13905701234')).toBe(true);
    expect(MOBILE_PATTERN.test('1390570123')).toBe(false);
    expect(MOBILE_PATTERN.test('12905701234')).toBe(false);
  });
});
