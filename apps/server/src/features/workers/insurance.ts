/**
 * Workers' insurance over time: the daily checks (clock-in off when insurance has ended; a notice
 * before it ends, once per end date) and the list of those ending soon (the safety ledger).
 */
import { chinaToday } from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import { notify, notifyHolders } from '../notices/index.ts';
import { forgetTotals } from './context.ts';
import { addHistory } from './detailQueries.ts';
import * as iq from './insuranceQueries.ts';

/**
 * The daily check: clock-in goes off for every worker whose insurance no longer covers `today`,
 * with a history line and a notice to the section manager. Returns how many were turned off.
 */
export async function expireInsurance(deps: AppDeps, today: string = chinaToday()): Promise<number> {
  forgetTotals();
  let total = 0;
  for (;;) {
    const rows = await iq.clockInsToExpire(deps.database.db, today);
    if (!rows.length) return total;
    await deps.database.db.transaction(async (tx) => {
      await iq.turnOffClockIn(
        tx,
        rows.map((r) => r.id),
      );
      await addHistory(
        tx,
        rows.map((r) => ({
          workerId: r.id,
          actorId: null,
          action: 'clockIn',
          text: `off: insurance ended ${r.insuranceEnd ?? ''}`.trim(),
          data: { insuranceEnd: r.insuranceEnd, today },
        })),
      );
      for (const r of rows.filter((w) => w.managerId)) {
        await notify(
          deps,
          {
            recipientId: r.managerId!,
            projectCode: r.projectCode,
            kind: 'workerInsuranceEnded',
            key: 'insuranceEndedNotice',
            params: { name: r.name, section: r.sectionName ?? '', end: r.insuranceEnd ?? '-' },
            link: `/lwrymanager/list?id=${r.id}`,
          },
          tx,
        );
      }
    });
    total += rows.length;
  }
}

/** The daily check's horizon: workers whose insurance ends within this many days are noticed. */
export const INSURANCE_ENDING_DAYS = 30;

/**
 * The daily check's "insurance ending" notices: each worker whose insurance is valid today but ends
 * within `days` days is noticed once per end date (a changed end date is noticed again), to the
 * section manager, or when the section has none to the project's holders of workers.manage.
 * Returns how many workers were noticed.
 */
export async function noticeInsuranceEnding(
  deps: AppDeps,
  today: string = chinaToday(),
  days: number = INSURANCE_ENDING_DAYS,
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await iq.insuranceEndingToNotice(deps.database.db, today, days);
    if (!rows.length) return total;
    await deps.database.db.transaction(async (tx) => {
      // Only the rows this call marked are noticed: a second instance's run notices none twice.
      const marked = new Set(
        await iq.markInsuranceNoticed(
          tx,
          rows.map((r) => r.id),
        ),
      );
      for (const r of rows.filter((w) => marked.has(w.id))) {
        const body = {
          projectCode: r.projectCode,
          kind: 'workerInsuranceEnding' as const,
          key: 'noticeInsuranceEnding' as const,
          params: { name: r.name, section: r.sectionName ?? '', end: r.insuranceEnd ?? '-' },
          link: `/lwrymanager/list?id=${r.id}`,
        };
        if (r.managerId) await notify(deps, { ...body, recipientId: r.managerId }, tx);
        else await notifyHolders(deps, 'workers.manage', body, tx);
      }
    });
    total += rows.length;
  }
}

/** A project's workers whose insurance ends within `days` days (the safety ledger shows them). */
export async function insuranceEnding(
  deps: AppDeps,
  projectCode: string,
  options: { today?: string; days?: number; limit?: number; sectionCodes?: string[] | undefined } = {},
) {
  const { rows, count } = await iq.insuranceEndingInProject(
    deps.database.db,
    projectCode,
    options.today ?? chinaToday(),
    options.days ?? INSURANCE_ENDING_DAYS,
    options.limit ?? 200,
    options.sectionCodes,
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      sectionName: r.sectionName ?? '',
      bxEnd: r.bxEnd ?? '',
    })),
    count,
  };
}
