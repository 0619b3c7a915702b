import { describe, expect, it } from 'vitest';
import { csvRow, safeText } from './excel.ts';

describe('exported text', () => {
  it('never starts a cell like a formula, in Excel or CSV', () => {
    for (const bad of ['=HYPERLINK("http://x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx'])
      expect(safeText(bad)).toBe(`'${bad}`);
    expect(safeText('马尾松')).toBe('马尾松');
    expect(csvRow(['a1', '=cmd|/c calc', 'say "hi", then go', '第一标段'])).toBe(
      `a1,'=cmd|/c calc,"say ""hi"", then go",第一标段`,
    );
    // A line break stays inside its quoted cell: the row is still one record.
    expect(csvRow(['多行\n备注', 'x'])).toBe('"多行\n备注",x');
  });
});
