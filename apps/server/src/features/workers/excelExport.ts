/** The workers' Excel export (劳务人员导出): the list's filters, streamed in keyset batches. */
import { PassThrough } from 'node:stream';
import { chinaDateTime, maskIdNumber } from '@pineguard/contract';
import { audit } from '../../platform/audit.ts';
import { batchWritten, loadExcel } from '../../platform/excel.ts';
import { sectionScope, todayOf, type WorkerContext } from './context.ts';
import * as q from './queries.ts';
import { seesFullIdNumber } from './rules.ts';

/** Streams an .xlsx of the filtered workers: rows are read in keyset batches and written as they come. */
export async function exportExcel(ctx: WorkerContext, filters: q.WorkerFilters) {
  const today = todayOf(ctx);
  const full = seesFullIdNumber(ctx.auth);
  const where = q.workerWhere(ctx.projectCode, filters, today, await sectionScope(ctx));
  const { db } = ctx.deps.database;
  await audit(db, {
    actorId: ctx.auth.userId,
    projectCode: ctx.projectCode,
    action: 'export',
    entity: 'worker',
    entityId: ctx.projectCode,
    summary: ctx.projectCode,
    params: full ? { kind: 'fullIds' } : {},
    after: filters,
  });
  const zh = ctx.lang !== 'en';
  const stamp = today.replaceAll('-', '');
  const fileName = zh
    ? `劳务人员_${ctx.projectCode}_${stamp}.xlsx`
    : `workers_${ctx.projectCode}_${stamp}.xlsx`;
  const out = new PassThrough();
  const statusText = zh ? ['待审核', '已通过', '已驳回'] : ['pending', 'approved', 'rejected'];
  const yes = zh ? '是' : 'yes';
  const no = zh ? '否' : 'no';
  const write = async () => {
    const excel = await loadExcel();
    const book = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet(zh ? '劳务人员' : 'Workers');
    sheet.columns = (
      zh
        ? [
            '姓名',
            '身份证号',
            '性别',
            '出生日期',
            '手机号',
            '标段',
            '班组',
            '工种',
            '审核状态',
            '投保',
            '保险公司',
            '保单号',
            '保险开始',
            '保险结束',
            '人脸',
            '打卡权限',
            '添加时间',
          ]
        : [
            'Name',
            'ID number',
            'Sex',
            'Birth date',
            'Phone',
            'Section',
            'Team',
            'Job',
            'Review',
            'Insured',
            'Insurer',
            'Policy',
            'Insurance start',
            'Insurance end',
            'Face',
            'Clock-in',
            'Added',
          ]
    ).map((header, i) => ({ header, key: String(i), width: i === 1 ? 22 : 14 }));
    for await (const batch of q.workerBatches(db, where)) {
      for (const row of batch) {
        const w = row.worker;
        sheet
          .addRow([
            w.name,
            full ? w.idNumber : maskIdNumber(w.idNumber),
            w.sex === 1 ? (zh ? '男' : 'M') : zh ? '女' : 'F',
            w.birthDate,
            w.phone,
            row.sectionName ?? w.sectionCode,
            w.team,
            w.job,
            statusText[w.reviewStatus] ?? String(w.reviewStatus),
            w.insured ? yes : no,
            w.insurer,
            w.policyNo,
            w.insuranceStart ?? '',
            w.insuranceEnd ?? '',
            w.currentFaceId ? yes : no,
            w.clockIn ? yes : no,
            chinaDateTime(w.createdAt, 'minute'),
          ])
          .commit();
      }
      await batchWritten(sheet);
    }
    sheet.commit();
    await book.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return { fileName, stream: out };
}
