import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { addDays, chinaToday, makeIdNumber } from '@pineguard/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { files, users, workerFaces, workers } from '../db/schema/index.ts';
import type { Storage } from '../platform/storage/index.ts';
import { demoProjects } from './demo.ts';

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

const surnames = '徐余汪郑毛周王张李陈刘吴杨黄赵胡方程姜叶邵詹祝鲁童傅'.split('');
const given = [
  '建国',
  '长根',
  '土根',
  '水土',
  '志强',
  '秀英',
  '丽华',
  '金花',
  '春生',
  '冬生',
  '根水',
  '福明',
  '海平',
  '新华',
  '国庆',
  '卫东',
  '桂英',
  '美芳',
  '荣华',
  '树林',
  '明亮',
  '永福',
  '有才',
  '红梅',
  '火旺',
  '金水',
  '德胜',
  '小平',
  '伟',
  '军',
  '勇',
  '强',
  '芳',
  '敏',
  '静',
  '磊',
];
const teams = ['伐除组', '清理组', '运输组', '焚烧组', '监测组'];
const jobs: Record<string, string[]> = {
  伐除组: ['伐木工', '油锯手'],
  清理组: ['普工', '伐木工'],
  运输组: ['装运工', '司机'],
  焚烧组: ['焚烧员', '安全员'],
  监测组: ['调查员'],
};
const insurers = ['中国人寿财险衢州中心支公司', '中国人保财险开化支公司', '太平洋财险衢州中心支公司'];

/** A small reproducible generator (mulberry32), so the demo is the same on every machine. */
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

/** A 1×1 grey PNG standing in for demo photos (no real faces or ID cards). */
const placeholder = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function storedPlaceholder(
  tx: Tx,
  storage: Storage,
  projectCode: string,
  ownerId: string,
  kind: string,
) {
  const storageKey = `${projectCode}/${kind}/demo/placeholder.png`;
  await storage.put(storageKey, Readable.from([placeholder]), 'image/png');
  const [row] = await tx
    .insert(files)
    .values({
      projectCode,
      ownerId,
      kind,
      originalName: `demo-${kind}.png`,
      contentType: 'image/png',
      bytes: placeholder.length,
      sha256: createHash('sha256').update(placeholder).digest('hex'),
      storageKey,
    })
    .onConflictDoNothing()
    .returning({ id: files.id });
  if (row) return row.id;
  const [existing] = await tx.select({ id: files.id }).from(files).where(eq(files.storageKey, storageKey));
  return existing!.id;
}

/**
 * About 300 labour workers across the demo projects (180 in KH2026, 120 in JS2026): generated
 * names and valid checksummed ID numbers of the project's county (not real people); most approved
 * and insured with clock-in on, some pending (a few incomplete), a few rejected, some with
 * insurance ending within 30 days and some already ended. Runs once per project.
 */
export async function seedDemoWorkers(tx: Tx, storage: Storage, today: string = chinaToday()): Promise<void> {
  const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.account, 'demo_admin'));
  if (!owner) return;
  for (const [p, project] of demoProjects.entries()) {
    const [has] = await tx
      .select({ n: count() })
      .from(workers)
      .where(and(eq(workers.projectCode, project.code)));
    if (has?.n) continue;
    const rnd = random(2026 + p);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    const face = await storedPlaceholder(tx, storage, project.code, owner.id, 'face');
    const idCard = await storedPlaceholder(tx, storage, project.code, owner.id, 'idCard');
    const total = p === 0 ? 180 : 120;
    const used = new Set<string>();
    const rows: (typeof workers.$inferInsert)[] = [];
    for (let i = 0; i < total; i++) {
      const birth = addDays('1962-01-01', Math.floor(rnd() * 365 * 38));
      let idNumber = makeIdNumber(project.areaCode, birth, Math.floor(rnd() * 1000));
      while (used.has(idNumber)) idNumber = makeIdNumber(project.areaCode, birth, Math.floor(rnd() * 1000));
      used.add(idNumber);
      const sex = Number(idNumber[16]) % 2;
      const roll = rnd();
      // 70% approved, 18% pending (a third of them incomplete), 4% rejected, 8% approved but expired.
      const status = roll < 0.78 ? 1 : roll < 0.96 ? 0 : 2;
      const incomplete = status === 0 && rnd() < 0.35;
      const expired = status === 1 && roll >= 0.7;
      const endingSoon = status === 1 && !expired && rnd() < 0.12;
      const start = addDays(today, -Math.floor(60 + rnd() * 200));
      const end = expired
        ? addDays(today, -Math.floor(1 + rnd() * 40))
        : endingSoon
          ? addDays(today, Math.floor(rnd() * 30))
          : addDays(today, Math.floor(60 + rnd() * 200));
      const insured = status !== 2 && !incomplete;
      const team = pick(teams);
      const createdAt = new Date(Date.now() - Math.floor(rnd() * 84 * 86_400_000));
      rows.push({
        projectCode: project.code,
        sectionCode: project.sections[i % project.sections.length]!.code,
        name: pick(surnames) + pick(given),
        idNumber,
        phone: `1${pick(['3', '5', '8', '7'])}${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}`,
        sex,
        birthDate: birth,
        regionCode: project.areaCode,
        team,
        job: pick(jobs[team]!),
        idCardFrontId: incomplete ? null : idCard,
        idCardBackId: incomplete ? null : idCard,
        insured,
        insurer: insured ? pick(insurers) : '',
        policyNo: insured ? `PICC${project.code}${String(i + 1).padStart(5, '0')}` : '',
        insuranceStart: insured ? start : null,
        insuranceEnd: insured ? end : null,
        reviewStatus: status,
        reviewReason:
          status === 2 ? pick(['身份证照片不清晰', '人脸照片与身份证不符', '年龄超过作业要求']) : '',
        clockIn: status === 1 && !expired && rnd() < 0.9,
        createdBy: owner.id,
        createdAt,
        updatedAt: createdAt,
      });
    }
    const created = await tx
      .insert(workers)
      .values(rows)
      .returning({ id: workers.id, front: workers.idCardFrontId });
    const faces = await tx
      .insert(workerFaces)
      .values(
        created.filter((w) => w.front).map((w) => ({ workerId: w.id, fileId: face, createdBy: owner.id })),
      )
      .returning({ id: workerFaces.id, workerId: workerFaces.workerId });
    for (const f of faces)
      await tx.update(workers).set({ currentFaceId: f.id }).where(eq(workers.id, f.workerId));
  }
}
