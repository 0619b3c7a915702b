import {
  ANOMALY_NOTICE_KIND,
  type AnomalyKind,
  anomalyKindLabels,
  EVIDENCE_NOTICE_KEY,
} from '@pineguard/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../platform/sql.ts';
import { notifyIn } from '../notices/index.ts';
import * as projects from '../projects/index.ts';
import { evidenceKinds } from './kinds.ts';

/** The database's clock, read before a run: anomalies raised (or raised again) after it are the run's. */
export async function databaseNow(db: Executor): Promise<string> {
  const [row] = rowsOf<{ now: string | Date }>(await db.execute(sql`select clock_timestamp() as now`));
  const now = row?.now ?? new Date();
  return now instanceof Date ? now.toISOString() : String(now);
}

type Raised = { section_code: string; kind: AnomalyKind; n: number };

/**
 * After an evidence run: one notice per section with evidence anomalies raised since `since`
 * (new, or cleared ones raised again), to the section's manager, however many records the run
 * checked — the same reader and wording as the chain checks' notice (anomalies/check.ts). Its
 * link opens 疑点 on the section's open anomalies of that kind, or of the section when the run
 * raised several kinds there. Answers how many notices were written.
 */
export async function tellSectionManagers(db: Executor, projectCode: string, since: string): Promise<number> {
  const raised = rowsOf<Raised>(
    await db.execute(sql`select section_code, kind, count(*)::int as n from anomalies
      where project_code = ${projectCode} and state = 'open' and created_at >= ${since}::timestamptz
        and kind in (${sql.join(
          evidenceKinds.map((k) => sql`${k}`),
          sql`, `,
        )})
      group by section_code, kind order by section_code, kind`),
  );
  if (!raised.length) return 0;
  const sections = await projects.listSections(db, projectCode);
  let sent = 0;
  for (const sectionCode of [...new Set(raised.map((r) => r.section_code))]) {
    const section = sections.find((s) => s.code === sectionCode);
    if (!section?.managerId) continue;
    const mine = raised.filter((r) => r.section_code === sectionCode);
    const search = new URLSearchParams();
    if (mine.length === 1) search.set('anomalyKind', mine[0]!.kind);
    search.set('sectionCode', sectionCode);
    search.set('state', 'open');
    sent += await notifyIn(db, {
      recipientId: section.managerId,
      projectCode,
      kind: ANOMALY_NOTICE_KIND,
      key: EVIDENCE_NOTICE_KEY,
      params: {
        section: section.name,
        count: mine.reduce((n, r) => n + Number(r.n), 0),
        kinds: mine.map((r) => `${anomalyKindLabels[r.kind]['zh-CN']} ${r.n}`).join('、'),
      },
      link: `/anomalies?${search.toString()}`,
    });
  }
  return sent;
}
