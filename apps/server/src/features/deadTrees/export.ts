import { chinaToday, ksssTemplateColumns, type Lang, pineSpecies } from '@pineguard/contract';
import type { PassThrough } from 'node:stream';
import { batchWritten } from '../../platform/excel.ts';
import { type DeadTreeContext, toCensusItem } from './list.ts';
import * as q from './queries.ts';
import { addSheet, streamBook } from './workbook.ts';

/**
 * Files out: the import template (columns and a sheet of notes), and the census and the trees as
 * streamed Excel. The trees' export has the template's columns, so it can be corrected and
 * imported again.
 */

/** Today in China as yyyyMMdd, for file names. */
const stamp = () => chinaToday().replaceAll('-', '');

export function template(lang: Lang): { fileName: string; stream: PassThrough } {
  const zh = lang !== 'en';
  const { stream } = streamBook(async (book) => {
    const sheet = addSheet(book, {
      name: zh ? '枯死松树普查' : 'Dead pine census',
      headers: ksssTemplateColumns.map((c) => c.zh),
      widths: ksssTemplateColumns.map((c) => (c.key === 'remark' ? 24 : 12)),
    });
    sheet.commit();
    const help = addSheet(book, {
      name: zh ? '填写说明' : 'How to fill in',
      headers: zh ? ['列', '必填', '说明'] : ['Column', 'Required', 'Notes'],
      widths: [14, 8, 70],
    });
    const notes: Record<string, [string, string]> = {
      sectionCode: ['本项目的标段编号，可空', 'A section code of this project, may be empty'],
      township: ['乡镇名称', 'Township name'],
      village: ['行政村名称', 'Village name'],
      xiaobanCode: [
        '小班号：字母、数字、-、_，最多 30 位',
        'Sub-compartment: letters, digits, - and _, up to 30',
      ],
      treeNo: ['树号：同一小班内不重复', 'Tree number, unique within the sub-compartment'],
      species: [pineSpecies.join('、'), pineSpecies.join(', ')],
      dbh: ['胸径，厘米，1–200', 'Diameter at breast height, cm, 1–200'],
      height: ['树高，米，0.5–60', 'Tree height, m, 0.5–60'],
      longitude: ['经度（WGS 84），73–136', 'Longitude (WGS 84), 73–136'],
      latitude: ['纬度（WGS 84），3–54', 'Latitude (WGS 84), 3–54'],
      state: ['未伐 或 已伐', '未伐 (standing) or 已伐 (felled)'],
      surveyDate: ['调查日期，如 2026-10-15', 'Survey date, e.g. 2026-10-15'],
      felledDate: ['已伐的树必填，不早于调查日期', 'Required when felled, not before the survey'],
      remark: ['最多 200 字', 'At most 200 characters'],
    };
    for (const c of ksssTemplateColumns) {
      const [zhNote, enNote] = notes[c.key]!;
      help
        .addRow([
          zh ? c.zh : `${c.zh} (${c.en})`,
          c.required ? (zh ? '是' : 'yes') : '',
          zh ? zhNote : enNote,
        ])
        .commit();
    }
    help.commit();
  });
  return { fileName: zh ? '枯死松树普查导入模板.xlsx' : 'dead-pine-census-template.xlsx', stream };
}

export function exportCensus(ctx: DeadTreeContext, xiaobanCode?: string) {
  const zh = ctx.lang !== 'en';
  const { stream } = streamBook(async (book) => {
    const sheet = addSheet(book, {
      name: zh ? '枯死松树普查' : 'Dead pine census',
      headers: zh
        ? ['小班号', '标段', '乡镇', '村', '枯死松树(株)', '已伐(株)', '剩余(株)', '调查日期', '更新时间']
        : [
            'Sub-compartment',
            'Section',
            'Township',
            'Village',
            'Dead pines',
            'Felled',
            'Remaining',
            'Survey date',
            'Updated',
          ],
      widths: [16, 16, 14, 14, 12, 10, 10, 12, 20],
    });
    for await (const batch of q.censusBatches(ctx.deps.database.db, ctx.projectCode, xiaobanCode)) {
      for (const r of batch) {
        const c = toCensusItem(r);
        sheet
          .addRow([
            c.xiaobanCode,
            c.sectionName,
            c.township,
            c.village,
            c.deadCount,
            c.felledCount,
            c.remainingCount,
            c.surveyDate,
            c.updateTime,
          ])
          .commit();
      }
      await batchWritten(sheet);
    }
    sheet.commit();
  });
  const fileName = zh
    ? `枯死松树普查_${ctx.projectCode}_${stamp()}.xlsx`
    : `dead-pine-census_${ctx.projectCode}_${stamp()}.xlsx`;
  return { fileName, stream };
}

export function exportTrees(ctx: DeadTreeContext, xiaobanCode?: string) {
  const zh = ctx.lang !== 'en';
  const { stream } = streamBook(async (book) => {
    // The detail export has the template's columns: it can be corrected and imported again.
    const sheet = addSheet(book, {
      name: zh ? '枯死松树明细' : 'Dead pine trees',
      headers: ksssTemplateColumns.map((c) => (zh ? c.zh : c.en)),
    });
    for await (const batch of q.treeBatches(ctx.deps.database.db, ctx.projectCode, xiaobanCode)) {
      for (const r of batch) {
        sheet
          .addRow([
            r.sectionCode,
            r.township,
            r.village,
            r.xiaobanCode,
            r.treeNo,
            r.species,
            r.dbh,
            r.height ?? '',
            r.longitude,
            r.latitude,
            r.state === 1 ? '已伐' : '未伐',
            r.surveyDate,
            r.felledDate ?? '',
            r.remark,
          ])
          .commit();
      }
    }
    sheet.commit();
  });
  const fileName = zh
    ? `枯死松树明细_${ctx.projectCode}_${stamp()}.xlsx`
    : `dead-pine-trees_${ctx.projectCode}_${stamp()}.xlsx`;
  return { fileName, stream };
}
