import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deadTrees } from '../db/schema/index.ts';
import type { DemoPlan } from './plan-model.ts';
import { chinaToday } from '@pineguard/contract';

type Tx = Pick<Db, 'select' | 'insert' | 'execute'>;

/**
 * The dead-pine census (枯死树详情) of the demo plan: per section its surveyed sub-compartments,
 * one row per dead pine with its size and place, felled (with the day) when the plan's felling
 * record of it is stored by then. The census records (枯死株数 of gbksdc0101) of each
 * sub-compartment add up to its list. Left alone when the project already has a census.
 */
export async function seedDemoCensus(tx: Tx, plan: DemoPlan): Promise<void> {
  const until = plan.options.until.getTime();
  for (const projectCode of [...new Set(plan.sections.map((s) => s.projectCode))]) {
    const [has] = await tx
      .select({ n: count() })
      .from(deadTrees)
      .where(and(eq(deadTrees.projectCode, projectCode)));
    if (has?.n) continue;
    const rows: (typeof deadTrees.$inferInsert)[] = [];
    for (const s of plan.sections.filter((x) => x.projectCode === projectCode)) {
      for (const t of s.trees) {
        const felled = t.fell && t.fell.at.getTime() <= until ? t.fell : undefined;
        rows.push({
          projectCode,
          xiaobanCode: t.xiaoban.code,
          treeNo: t.treeNo,
          sectionCode: s.sectionCode,
          township: t.xiaoban.township.name,
          village: t.xiaoban.village,
          species: t.species,
          dbh: t.dbh,
          height: t.height,
          longitude: t.long,
          latitude: t.lat,
          state: felled ? 1 : 0,
          surveyDate: s.dayOf(t.xiaoban.surveyDay),
          felledDate: felled ? chinaToday(felled.at) : null,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 500) await tx.insert(deadTrees).values(rows.slice(i, i + 500));
    await tx.execute(sql`
      insert into dead_tree_census
        (project_code, xiaoban_code, section_code, township, village, dead_count, felled_count, survey_date)
      select project_code, xiaoban_code, min(section_code), min(township), min(village),
             count(*)::int, (count(*) filter (where state = 1))::int, max(survey_date)
        from dead_trees where project_code = ${projectCode}
       group by project_code, xiaoban_code
      on conflict (project_code, xiaoban_code) do nothing`);
  }
}
