import { pineSpecies } from '@pineguard/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deadTrees } from '../db/schema/index.ts';
import { demoProjects } from './demo.ts';

type Tx = Pick<Db, 'select' | 'insert' | 'execute'>;

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where the demo counties lie (WGS 84), for plausible tree positions. */
const centres: Record<string, [number, number]> = { KH2026: [118.41, 29.14], JS2026: [118.62, 28.74] };
const villages = ['金星村', '下溪村', '龙山村', '桐村', '溪口村', '大路村', '上安村', '高田村'];

/**
 * A plausible dead-pine census per demo project: per section, four sub-compartments in its
 * townships with 8–30 dead pines each, about three quarters felled (the campaign is under way).
 * Reproducible (fixed seeds); left alone when the project already has one.
 */
export async function seedDemoCensus(tx: Tx, today: string): Promise<void> {
  for (const [p, project] of demoProjects.entries()) {
    const [has] = await tx
      .select({ n: count() })
      .from(deadTrees)
      .where(and(eq(deadTrees.projectCode, project.code)));
    if (has?.n) continue;
    const rnd = random(4026 + p);
    const [lng, lat] = centres[project.code] ?? [118.5, 29];
    const rows: (typeof deadTrees.$inferInsert)[] = [];
    for (const [s, section] of project.sections.entries()) {
      const towns = /（(.+)）/.exec(section.name)?.[1]?.split('、') ?? ['华埠镇'];
      for (let x = 0; x < 4; x++) {
        const xiaobanCode = `${project.code.slice(0, 2)}${String(s + 1).padStart(2, '0')}-${String(x * 7 + 11).padStart(3, '0')}`;
        const township = towns[x % towns.length]!;
        const village = villages[Math.floor(rnd() * villages.length)]!;
        const trees = 8 + Math.floor(rnd() * 23);
        const surveyDay = 1 + Math.floor(rnd() * 20);
        const surveyDate = `2026-10-${String(surveyDay).padStart(2, '0')}`;
        const x0 = lng + (rnd() - 0.5) * 0.2;
        const y0 = lat + (rnd() - 0.5) * 0.2;
        for (let i = 0; i < trees; i++) {
          const felled = rnd() < 0.75;
          const felledDay = Math.min(surveyDay + 3 + Math.floor(rnd() * 25), 40);
          const felledDate =
            felledDay <= 31
              ? `2026-10-${String(felledDay).padStart(2, '0')}`
              : `2026-11-${String(felledDay - 31).padStart(2, '0')}`;
          rows.push({
            projectCode: project.code,
            xiaobanCode,
            treeNo: String(i + 1).padStart(3, '0'),
            sectionCode: section.code,
            township,
            village,
            species: rnd() < 0.85 ? '马尾松' : pineSpecies[Math.floor(rnd() * 4)]!,
            dbh: Math.round(10 + rnd() * 30),
            height: Math.round((5 + rnd() * 12) * 10) / 10,
            longitude: Number((x0 + rnd() * 0.004).toFixed(6)),
            latitude: Number((y0 + rnd() * 0.004).toFixed(6)),
            state: felled && felledDate <= today ? 1 : 0,
            surveyDate,
            felledDate: felled && felledDate <= today ? felledDate : null,
          });
        }
      }
    }
    for (let i = 0; i < rows.length; i += 500) await tx.insert(deadTrees).values(rows.slice(i, i + 500));
    await tx.execute(sql`
      insert into dead_tree_census
        (project_code, xiaoban_code, section_code, township, village, dead_count, felled_count, survey_date)
      select project_code, xiaoban_code, min(section_code), min(township), min(village),
             count(*)::int, (count(*) filter (where state = 1))::int, max(survey_date)
        from dead_trees where project_code = ${project.code}
       group by project_code, xiaoban_code
      on conflict (project_code, xiaoban_code) do nothing`);
  }
}
