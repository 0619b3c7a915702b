import type { Lang, ProcessList, ProcessRow } from '@pineguard/contract';
import { loadExcel } from '../../platform/excel.ts';

const headers: Record<Lang, Record<string, string>> = {
  'zh-CN': {
    county: '县（项目）',
    section: '标段',
    township: '乡镇',
    planned: '计划（株）',
    found: '发现（株）',
    felled: '采伐（株）',
    burned: '焚烧（株）',
    burnedTons: '焚烧（吨）',
    burnedM3: '焚烧（立方米）',
    percent: '完成率（%）',
    cfcz: '采伐进度',
    ymfs: '焚烧进度',
    ksdc: '普查进度',
  },
  en: {
    county: 'County (project)',
    section: 'Section',
    township: 'Township',
    planned: 'Planned (trees)',
    found: 'Found (trees)',
    felled: 'Felled (trees)',
    burned: 'Burned (trees)',
    burnedTons: 'Burned (t)',
    burnedM3: 'Burned (m³)',
    percent: 'Done (%)',
    cfcz: 'Felling progress',
    ymfs: 'Burning progress',
    ksdc: 'Survey progress',
  },
};

/** One progress table as an .xlsx workbook (a few hundred rows at most: built in memory). */
export async function progressWorkbook(list: ProcessList, lang: Lang): Promise<Buffer> {
  const h = headers[lang];
  const excel = await loadExcel();
  const book = new excel.Workbook();
  const sheet = book.addWorksheet(h[list.type]!);
  sheet.addRow([list.title, h[list.type]]).font = { bold: true };
  sheet.addRow([
    h[list.level],
    h.planned,
    h.found,
    h.felled,
    h.burned,
    h.burnedTons,
    h.burnedM3,
    h.percent,
  ]).font = { bold: true };
  // Burned wood has a column per unit: trees, tons and m³ are never added.
  const line = (r: ProcessRow) => [
    r.name,
    r.planned ?? '',
    r.found,
    r.felled,
    r.burned,
    r.burnedTons,
    r.burnedM3,
    r.percent ?? '',
  ];
  for (const r of list.rows) sheet.addRow(line(r));
  sheet.addRow(line(list.total)).font = { bold: true };
  sheet.columns.forEach((c, i) => (c.width = i === 0 ? 36 : 14));
  return Buffer.from(await book.xlsx.writeBuffer());
}
