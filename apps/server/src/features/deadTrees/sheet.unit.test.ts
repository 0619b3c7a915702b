import { PassThrough, Readable } from 'node:stream';
import { ksssTemplateColumns } from '@pineguard/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { censusRow, censusWorkbook } from './fixture.ts';
import { parseCensus } from './parse.ts';
import { checkHeaders, isBlankRow, parseDay, readCell, validateRow } from './sheet.ts';

const check = { lang: 'zh-CN' as const, today: '2026-11-24', sections: new Set(['KH-BD01', 'KH-BD02']) };
const col = (key: string) => ksssTemplateColumns.findIndex((c) => c.key === key);
const withCell = (key: string, value: unknown) => {
  const row: unknown[] = censusRow(3);
  row[col(key)] = value;
  return row;
};
const errorsOf = (cells: unknown[]) => {
  const r = validateRow(cells, 7, check);
  return 'errors' in r ? r.errors : [];
};

describe('census sheet rules', () => {
  it('accepts a plausible row and maps every column', () => {
    const r = validateRow(censusRow(1), 2, check);
    expect(r).toEqual({
      row: {
        sectionCode: 'KH-BD01',
        township: '华埠镇',
        village: '下溪村',
        xiaobanCode: 'KH-0101',
        treeNo: 'T00002',
        species: '马尾松',
        dbh: 13,
        height: 7,
        longitude: 118.2101,
        latitude: 29.0801,
        state: 1,
        surveyDate: '2026-10-12',
        felledDate: '2026-10-20',
        remark: '',
      },
    });
  });

  it('checks the header against the template, in Chinese or English, and names the first mismatch', () => {
    expect(
      checkHeaders(
        ksssTemplateColumns.map((c) => c.zh),
        'zh-CN',
      ),
    ).toBeNull();
    expect(
      checkHeaders(
        ksssTemplateColumns.map((c) => c.en.toUpperCase()),
        'en',
      ),
    ).toBeNull();
    expect(
      checkHeaders(
        ksssTemplateColumns.map((c) => ` ${c.zh.replace('(', '（').replace(')', '）')} `),
        'zh-CN',
      ),
    ).toBeNull();
    const wrong: string[] = ksssTemplateColumns.map((c) => c.zh);
    wrong[4] = '编号';
    expect(checkHeaders(wrong, 'zh-CN')).toBe('表头与导入模板不一致：第 5 列应为“树号”，实际为“编号”');
    expect(checkHeaders(['姓名', '身份证号'], 'en')).toContain('column 1 should be "Section code"');
  });

  it('names the column and the rule of every bad cell', () => {
    expect(errorsOf(withCell('township', null))).toEqual([
      { row: 7, column: '乡镇', message: '乡镇不能为空' },
    ]);
    expect(errorsOf(withCell('xiaobanCode', '小班 1'))[0]!.message).toContain('小班号只能包含字母、数字');
    expect(errorsOf(withCell('dbh', 'abc'))[0]).toMatchObject({
      column: '胸径(cm)',
      message: '胸径(cm)应为 1 到 200 之间的数字',
    });
    expect(errorsOf(withCell('dbh', 500))[0]!.column).toBe('胸径(cm)');
    expect(errorsOf(withCell('longitude', 200))[0]!.column).toBe('经度');
    expect(errorsOf(withCell('species', '杨树'))[0]!.message).toContain('树种应为：马尾松');
    expect(errorsOf(withCell('state', '砍了'))[0]!.message).toBe('状态应为“未伐”或“已伐”');
    expect(errorsOf(withCell('surveyDate', '2099-01-01'))[0]!.column).toBe('调查日期');
    expect(errorsOf(withCell('surveyDate', '2026-02-30'))[0]!.column).toBe('调查日期');
    expect(errorsOf(withCell('sectionCode', 'OTHER-BD'))[0]!.message).toBe('标段编号不属于本项目');
    // felled without a felling date; standing with one
    expect(errorsOf(withCell('felledDate', null))[0]!.message).toContain('已伐的树须填写采伐日期');
    const standing = censusRow(0);
    standing[col('felledDate')] = '2026-10-20';
    expect(errorsOf(standing)[0]!.message).toBe('未伐的树不应填写采伐日期');
    // several problems in one row are all listed
    const many = withCell('dbh', 'x');
    many[col('township')] = '';
    expect(errorsOf(many).map((e) => e.column)).toEqual(['乡镇', '胸径(cm)']);
  });

  it('refuses a 1 MB cell and a formula, and keeps formula-like text as text', () => {
    expect(errorsOf(withCell('remark', 'x'.repeat(1024 * 1024)))[0]!.message).toBe(
      '备注过长（最多 200 个字符）',
    );
    expect(errorsOf(withCell('dbh', { formula: 'A1*2', result: 20 }))[0]!.message).toBe(
      '胸径(cm)是公式，请填写数值或文字',
    );
    const r = validateRow(withCell('remark', '=HYPERLINK("http://evil.example","点我")'), 3, check);
    expect('row' in r && r.row.remark).toBe('=HYPERLINK("http://evil.example","点我")');
  });

  it('reads dates as Excel gives them: Date cells, serial numbers and text', () => {
    const asDate = validateRow(withCell('surveyDate', new Date(Date.UTC(2026, 9, 12))), 3, check);
    expect('row' in asDate && asDate.row.surveyDate).toBe('2026-10-12');
    const serial = validateRow(withCell('surveyDate', 46307), 3, check);
    expect('row' in serial && serial.row.surveyDate).toBe('2026-10-12');
    expect(parseDay('2026/9/5')).toBe('2026-09-05');
    expect(parseDay('2026年9月5日')).toBe('2026-09-05');
    expect(parseDay('05/09/2026')).toBeNull();
  });

  it('reads rich text, hyperlinks and blanks', () => {
    expect(readCell({ richText: [{ text: '马尾' }, { text: '松' }] })).toEqual({
      kind: 'text',
      text: '马尾松',
    });
    expect(readCell({ text: 'KH-1', hyperlink: 'http://x' })).toEqual({ kind: 'text', text: 'KH-1' });
    expect(readCell('   ')).toEqual({ kind: 'empty' });
    expect(isBlankRow([null, '', undefined])).toBe(true);
    expect(isBlankRow(censusRow(0))).toBe(false);
  });

  it('answers in English when asked', () => {
    const r = validateRow(withCell('dbh', 'x'), 4, { ...check, lang: 'en' });
    expect('errors' in r && r.errors[0]).toEqual({
      row: 4,
      column: 'DBH (cm)',
      message: 'DBH (cm) must be a number from 1 to 200',
    });
  });

  it("reads a whole census file, telling how much of the sheet it has read (the import's progress)", async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => censusRow(i));
    const bytes = await censusWorkbook(rows);
    const fractions: number[] = [];
    const parsed = await parseCensus(
      Readable.from([bytes]),
      { lang: 'zh-CN', today: '2026-12-06', sections: new Set(['KH-BD01']) },
      undefined,
      (f) => fractions.push(f),
    );
    expect(parsed).toMatchObject({ total: 3_000, rejected: 0 });
    expect(parsed.rows).toHaveLength(3_000);
    expect(fractions.length).toBeGreaterThan(1);
    expect(fractions.some((f) => f > 0 && f < 1)).toBe(true);
    expect(fractions.at(-1)).toBe(1);
  });

  it('refuses a file holding a text of over 8 MB, inline or shared, without reading it whole', async () => {
    const huge = 'a'.repeat(20 * 1024 * 1024);
    const inline = new PassThrough();
    const streamed = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: inline, useSharedStrings: false });
    const chunks: Buffer[] = [];
    inline.on('data', (c: Buffer) => chunks.push(c));
    const sheet = streamed.addWorksheet('普查');
    sheet.addRow(ksssTemplateColumns.map((c) => c.zh)).commit();
    sheet.addRow(['KH-BD01', huge]).commit();
    sheet.commit();
    await streamed.commit();
    const shared = new ExcelJS.Workbook();
    shared.addWorksheet('普查').addRows([ksssTemplateColumns.map((c) => c.zh), ['KH-BD01', huge]]);
    const check = { lang: 'zh-CN' as const, today: '2026-12-06', sections: new Set<string>() };
    for (const bytes of [Buffer.concat(chunks), Buffer.from(await shared.xlsx.writeBuffer())]) {
      expect(bytes.length, 'a few KB compressed').toBeLessThan(1024 * 1024);
      await expect(parseCensus(Readable.from([bytes]), check)).rejects.toThrow(
        '表格中有一段文字超过 8 MB，无法导入，请检查后重新上传',
      );
    }
    // A cell of a million Chinese characters (3 MB) is still read, and refused as a row.
    const row = censusRow(1);
    row[13] = '长'.repeat(1024 * 1024);
    const parsed = await parseCensus(Readable.from([await censusWorkbook([row])]), check);
    expect(parsed).toMatchObject({ total: 1, rejected: 1 });
  });
});
