import { PassThrough } from 'node:stream';
import {
  type AcceptanceItem,
  type AcceptanceSampleDetail,
  acceptanceReasonLabels,
  type Lang,
  reconcileTables,
} from '@pineguard/contract';
import { batchWritten, loadExcel, safeText } from '../../platform/excel.ts';

/**
 * The county's acceptance table (docs/acceptance.md lists the columns): a summary sheet (the
 * sample's parameters and pass rates per section) and a detail sheet (every sampled record with
 * its check), streamed: a 100,000-item sample never sits in memory.
 */

const words = {
  'zh-CN': {
    summary: '检查验收汇总表',
    detail: '检查验收明细表',
    project: '项目',
    sample: '抽样名称',
    drawnAt: '抽样时间',
    drawnBy: '抽样人',
    seed: '随机种子',
    share: '抽样比例（%）',
    range: '记录日期',
    tables: '抽样范围',
    felling: '采伐',
    burning: '焚烧',
    total: '合计',
    yes: '是',
    no: '否',
    pass: '合格',
    fail: '不合格',
    unchecked: '未检查',
  },
  en: {
    summary: 'Acceptance summary',
    detail: 'Acceptance detail',
    project: 'Project',
    sample: 'Sample',
    drawnAt: 'Drawn at',
    drawnBy: 'Drawn by',
    seed: 'Seed',
    share: 'Share (%)',
    range: 'Record dates',
    tables: 'Drawn from',
    felling: 'Felling',
    burning: 'Burning',
    total: 'Total',
    yes: 'Yes',
    no: 'No',
    pass: 'Pass',
    fail: 'Fail',
    unchecked: 'Not checked',
  },
} as const;

export const summaryColumns: Record<Lang, string[]> = {
  'zh-CN': [
    '标段编号',
    '标段名称',
    '总体数（已通过记录）',
    '抽样数',
    '已检查',
    '合格',
    '不合格',
    '合格率（%）',
  ],
  en: [
    'Section',
    'Section name',
    'Population (approved)',
    'Drawn',
    'Checked',
    'Passed',
    'Failed',
    'Pass rate (%)',
  ],
};

export const detailColumns: Record<Lang, string[]> = {
  'zh-CN': [
    '序号',
    '标段编号',
    '标段名称',
    '记录编号',
    '类型',
    '采集时间',
    '地点',
    '经度',
    '纬度',
    '二维码',
    '记录伐桩高度（cm）',
    '现场找到',
    '实测伐桩高度（cm）',
    '伐桩覆盖/除害处理',
    '枝桠处理',
    '处置核实',
    '检查结论',
    '不合格项',
    '检查人',
    '检查时间',
    '检查位置经度',
    '检查位置纬度',
    '检查照片数',
    '备注',
  ],
  en: [
    'No.',
    'Section',
    'Section name',
    'Record id',
    'Kind',
    'Collected at',
    'Place',
    'Longitude',
    'Latitude',
    'QR tag',
    'Recorded stump (cm)',
    'Found on site',
    'Measured stump (cm)',
    'Stump covered/treated',
    'Branches treated',
    'Disposal verified',
    'Result',
    'Failed items',
    'Inspector',
    'Checked at',
    'Check longitude',
    'Check latitude',
    'Check photos',
    'Remark',
  ],
};

const rate = (passed: number, checked: number) => (checked ? Math.round((passed / checked) * 1000) / 10 : '');

/**
 * Writes the workbook into a stream the route sends while `pages` yields items in draw order;
 * a failure mid-way destroys the stream (the client sees a broken download, never a wrong file).
 */
export function acceptanceWorkbook(
  sample: AcceptanceSampleDetail,
  projectName: string,
  lang: Lang,
  pages: () => AsyncIterable<AcceptanceItem[]>,
): PassThrough {
  const out = new PassThrough();
  void (async () => {
    const w = words[lang];
    const excel = await loadExcel();
    const book = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    const summary = book.addWorksheet(w.summary);
    summary.addRow([safeText(`${projectName} ${w.summary}`)]).commit();
    const tables = sample.tableCodes
      .map((c) => (c === reconcileTables.felling ? w.felling : w.burning))
      .join('、');
    for (const [k, v] of [
      [w.sample, sample.name],
      [w.drawnAt, sample.createdAt],
      [w.drawnBy, sample.createdBy],
      [w.seed, sample.seed],
      [w.share, sample.sharePct],
      [w.range, `${sample.begin} ~ ${sample.end}`],
      [w.tables, tables],
    ] as const)
      summary.addRow([k, typeof v === 'string' ? safeText(v) : v]).commit();
    summary.addRow([]).commit();
    summary.addRow(summaryColumns[lang]).commit();
    const names = new Map<string, string>();
    for (const s of sample.strata) {
      names.set(s.sectionCode, s.sectionName);
      summary
        .addRow([
          safeText(s.sectionCode),
          safeText(s.sectionName),
          s.population,
          s.drawn,
          s.checked,
          s.passed,
          s.failed,
          rate(s.passed, s.checked),
        ])
        .commit();
    }
    summary
      .addRow([
        w.total,
        '',
        sample.population,
        sample.drawn,
        sample.checked,
        sample.passed,
        sample.failed,
        rate(sample.passed, sample.checked),
      ])
      .commit();
    summary.columns.forEach((c, i) => (c.width = i < 3 ? 20 : 12));
    summary.commit();

    const detail = book.addWorksheet(w.detail);
    detail.columns = detailColumns[lang].map((header) => ({
      header,
      width: Math.max(10, header.length * 2),
    }));
    const yn = (v: boolean | null | undefined) => (v === null || v === undefined ? '' : v ? w.yes : w.no);
    let n = 0;
    for await (const page of pages()) {
      for (const it of page) {
        const c = it.check;
        detail
          .addRow([
            ++n,
            safeText(it.sectionCode),
            safeText(names.get(it.sectionCode) ?? it.sectionCode),
            it.recordId,
            it.tableCode === reconcileTables.felling ? w.felling : w.burning,
            it.recordAt,
            safeText(it.place),
            it.long,
            it.lat,
            safeText(it.qrcode),
            it.recordStumpCm ?? '',
            yn(c?.found),
            c?.stumpCm ?? '',
            yn(c?.covered),
            yn(c?.branches),
            yn(c?.disposal),
            c ? (c.passed ? w.pass : w.fail) : w.unchecked,
            (c?.reasons ?? []).map((r) => acceptanceReasonLabels[r]?.[lang] ?? r).join('；'),
            safeText(c?.checkedBy ?? ''),
            c?.checkedAt ?? '',
            c?.gps?.long ?? '',
            c?.gps?.lat ?? '',
            c ? c.photos.length : '',
            safeText(c?.remark ?? ''),
          ])
          .commit();
      }
      await batchWritten(detail);
    }
    detail.commit();
    await book.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
