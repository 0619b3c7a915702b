import { saveColumnBody } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import { type ColumnDraft, columnBody, columnProblems, nextSort, prefixFor } from './columnForm.ts';

const draft = (over: Partial<ColumnDraft>): ColumnDraft => ({
  code: 'tree_count',
  value: '株数',
  fldInput: 'number',
  ...over,
});

describe('columnProblems', () => {
  it('accepts a plain valid column', () => {
    expect(columnProblems(draft({}))).toEqual({});
  });
  it('checks the code pattern', () => {
    expect(columnProblems(draft({ code: 'Tree' })).code).toBe('codePattern');
    expect(columnProblems(draft({ code: '1abc' })).code).toBe('codePattern');
    expect(columnProblems(draft({ code: 'a' })).code).toBe('codePattern');
    expect(columnProblems(draft({ code: 'a-b' })).code).toBe('codePattern');
    expect(columnProblems(draft({ code: `a${'b'.repeat(39)}` })).code).toBeUndefined();
    expect(columnProblems(draft({ code: `a${'b'.repeat(40)}` })).code).toBe('codePattern');
  });
  it('ties prefixes to types both ways', () => {
    expect(prefixFor('photo')).toBe('pic_');
    expect(columnProblems(draft({ fldInput: 'photo', code: 'photo1' })).code).toBe('prefixPhoto');
    expect(columnProblems(draft({ fldInput: 'photo', code: 'pic_site' })).code).toBeUndefined();
    expect(columnProblems(draft({ fldInput: 'video', code: 'pic_site' })).code).toBe('prefixVideo');
    expect(
      columnProblems(draft({ fldInput: 'multi', code: 'kinds', options: [{ value: 'a', label: 'A' }] })).code,
    ).toBe('prefixMulti');
    expect(columnProblems(draft({ fldInput: 'text', code: 'pic_note' })).code).toBe('prefixReserved');
  });
  it('select and multi need complete, distinct options', () => {
    expect(columnProblems(draft({ fldInput: 'select', code: 'kind' })).options).toBe('optionsRequired');
    expect(
      columnProblems(draft({ fldInput: 'select', code: 'kind', options: [{ value: 'a' }] })).options,
    ).toBe('optionIncomplete');
    expect(
      columnProblems(
        draft({
          fldInput: 'select',
          code: 'kind',
          options: [
            { value: 'a', label: 'A' },
            { value: 'a', label: 'B' },
          ],
        }),
      ).options,
    ).toBe('optionDuplicate');
  });
  it('min must not exceed max', () => {
    expect(columnProblems(draft({ min: 5, max: 1 })).max).toBe('minAboveMax');
    expect(columnProblems(draft({ min: 1, max: 1 })).max).toBeUndefined();
    expect(columnProblems(draft({ min: 5 })).max).toBeUndefined();
  });
});

describe('columnBody agrees with the server schema', () => {
  const cases: ColumnDraft[] = [
    draft({}),
    draft({ min: 5, max: 1 }),
    draft({ fldInput: 'photo', code: 'photo1' }),
    draft({ fldInput: 'photo', code: 'pic_site', value: '现场照片' }),
    draft({ fldInput: 'text', code: 'pic_note' }),
    draft({ fldInput: 'select', code: 'kind' }),
    draft({ fldInput: 'select', code: 'kind', options: [{ value: 'a', label: 'A' }] }),
    draft({ fldInput: 'multi', code: 'multi_kind', options: [{ value: 'a', label: 'A' }] }),
    draft({ fldInput: 'multi', code: 'kind', options: [{ value: 'a', label: 'A' }] }),
    draft({ code: 'Bad' }),
  ];
  for (const c of cases) {
    it(`${c.fldInput} ${c.code} ${JSON.stringify(c.options ?? [])} ${c.min ?? ''}/${c.max ?? ''}`, () => {
      const ours = Object.keys(columnProblems(c)).length === 0;
      expect(saveColumnBody.safeParse(columnBody('gbymfs0101', c)).success).toBe(ours);
    });
  }
  it('keeps only the rules the type uses', () => {
    expect(
      columnBody('gbymfs0101', draft({ fldInput: 'text', code: 'note', min: 1, maxLength: 20, unit: 'm' }))
        .rules,
    ).toEqual({
      maxLength: 20,
    });
    expect(columnBody('gbymfs0101', draft({ required: true, min: 0, max: 9, unit: ' 株 ' })).rules).toEqual({
      required: true,
      min: 0,
      max: 9,
      unit: '株',
    });
  });

  it('puts a new column after the last one', () => {
    expect(nextSort([])).toBe(10);
    expect(nextSort([{ sort: 10 }, { sort: 120 }, { sort: 30 }])).toBe(130);
    expect(nextSort([{ sort: 125 }])).toBe(130);
  });
});
