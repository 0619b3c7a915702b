import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { safetyAttendees, safetyRecords, workers } from '../db/schema/index.ts';
import type { Storage } from '../platform/storage/index.ts';
import { storeDemoPhotos } from './photos.ts';
import { DEMO_DAYS, type DemoPlan, type SectionPlan } from './plan-model.ts';
import { chinaInstant, demoUuid, random, seedOf } from './random.ts';

type Entry = typeof safetyRecords.$inferInsert & { id: string; heldOn: string };

const briefings = [
  ['油锯伐木安全交底', '油锯操作规范、倒树方向控制、伐木作业区警戒距离不少于树高两倍。'],
  ['疫木装运安全交底', '疫木装车捆扎、山路运输限速、运输途中不得遗撒枝桠。'],
  ['焚烧作业防火交底', '焚烧点清理隔离带、配备灭火器具、大风天气停止焚烧、专人看守至余火熄灭。'],
  ['高温天气作业交底', '错峰作业、防暑降温药品、作业人员结伴上山。'],
  ['伐桩处理作业交底', '伐桩高度不超过5厘米，剥皮、十字口、投药后覆膜或覆土。'],
] as const;

/**
 * The safety ledger of each demo project (安全台账): a briefing per section every 7–9 days, one
 * training and one fire drill per project; attendees are the section's approved workers, each entry
 * with a photo taken on the day. Ids are fixed, so running it again changes nothing.
 */
export async function seedDemoSafety(
  db: Executor,
  storage: Storage,
  plan: DemoPlan,
  authorOf: (projectCode: string) => string,
): Promise<number> {
  let made = 0;
  for (const s of plan.sections) {
    const rnd = random(seedOf(`${s.sectionCode}/safety`));
    const entries: Entry[] = [];
    const every = Math.max(7, Math.round(8 / Math.max(plan.options.scale, 0.125)));
    for (let day = 10 + rnd.int(0, 3), n = 0; day <= DEMO_DAYS - 1; day += every + rnd.int(-1, 1), n++) {
      const [title, content] = briefings[n % briefings.length]!;
      entries.push(entry(s, `${s.sectionCode}/safety/briefing/${n + 1}`, 'briefing', day, title, content));
    }
    if (s.index === 0) {
      entries.push(
        entry(
          s,
          `${s.projectCode}/safety/training`,
          'training',
          12,
          '松材线虫病疫木除治技术培训',
          '除治技术规程、伐桩处理要求、二维码标签使用与“清理一株、登记一株、上传一株”。',
        ),
        entry(
          s,
          `${s.projectCode}/safety/drill`,
          'drill',
          30,
          '焚烧点森林火灾应急演练',
          '模拟焚烧点飞火引燃林缘，演练报警、扑救、人员撤离。',
        ),
      );
    }
    const crew = await db
      .select({ id: workers.id })
      .from(workers)
      .where(
        and(
          eq(workers.projectCode, s.projectCode),
          eq(workers.sectionCode, s.sectionCode),
          eq(workers.reviewStatus, 1),
          isNull(workers.deletedAt),
        ),
      )
      .orderBy(asc(workers.idNumber));
    const author = authorOf(s.projectCode);
    const photos = entries.map((e, i) => ({
      id: demoUuid(`${e.id}/photo`),
      projectCode: s.projectCode,
      ownerId: author,
      kind: 'meeting' as const,
      takenAt: chinaInstant(e.heldOn, 7 * 60 + 20 + i),
      long: s.burnPoint.gpsLong,
      lat: s.burnPoint.gpsLat,
      name: `安全台账-${e.heldOn}.jpg`,
    }));
    const attending = entries.map(() => crew.filter(() => rnd.chance(0.4)).slice(0, 14));
    await storeDemoPhotos(db, storage, photos);
    for (const [i, e] of entries.entries()) {
      const stored = await db
        .insert(safetyRecords)
        .values({ ...e, createdBy: author, photoIds: [photos[i]!.id] })
        .onConflictDoNothing()
        .returning({ id: safetyRecords.id });
      if (!stored.length) continue;
      made += 1;
      const attendees = attending[i]!;
      if (attendees.length)
        await db
          .insert(safetyAttendees)
          .values(attendees.map((w) => ({ recordId: e.id, workerId: w.id })))
          .onConflictDoNothing();
    }
  }
  return made;
}

function entry(
  s: SectionPlan,
  key: string,
  kind: string,
  day: number,
  title: string,
  content: string,
): Entry {
  return {
    id: demoUuid(key),
    projectCode: s.projectCode,
    kind,
    title,
    heldOn: s.dayOf(day),
    place: kind === 'drill' ? s.burnPoint.name : `${s.sectionCode} 作业点`,
    host: kind === 'briefing' ? '标段安全员' : '项目安全负责人',
    sectionCode: kind === 'briefing' ? s.sectionCode : null,
    content,
    createdBy: '',
  };
}
