import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { addDays, chinaToday, makeIdNumber } from '@pineguard/contract';
import { and, asc, count, eq, gte, isNotNull, isNull, lte, notExists } from 'drizzle-orm';
import { loadSharp } from '../platform/sharp.ts';
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

/** Hue of a surname's background: varied, and the same on every machine. */
const hueOf = (text: string) => [...text].reduce((h, c) => (h * 31 + c.codePointAt(0)!) % 360, 7);
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.codePointAt(0)};`);

/**
 * A placeholder portrait (no real face): a silhouette on a background coloured by the surname, the
 * surname written across the chest and 演示 in the corner. Women get longer hair.
 */
function portraitSvg(surname: string, sex: number): string {
  const hue = hueOf(surname);
  const hair =
    sex === 0
      ? '<path d="M58 122 C52 52 188 52 182 122 L190 210 L162 210 L160 120 L80 120 L78 210 L50 210 Z" fill="#3a3f47"/>'
      : '<path d="M66 108 C66 48 174 48 174 108 C160 84 80 84 66 108 Z" fill="#3a3f47"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300" viewBox="0 0 240 300">
  <rect width="240" height="300" fill="hsl(${hue},42%,80%)"/>
  ${sex === 0 ? hair : ''}
  <ellipse cx="120" cy="118" rx="50" ry="58" fill="hsl(28,38%,70%)"/>
  ${sex === 0 ? '' : hair}
  <path d="M24 300 C24 222 66 190 120 190 C174 190 216 222 216 300 Z" fill="hsl(${(hue + 180) % 360},28%,38%)"/>
  <text x="120" y="272" font-size="46" text-anchor="middle" fill="#fff"
    font-family="WenQuanYi Micro Hei, Noto Sans CJK SC, sans-serif">${escapeXml(surname)}</text>
  <text x="228" y="22" font-size="14" text-anchor="end" fill="hsl(${hue},30%,40%)"
    font-family="WenQuanYi Micro Hei, Noto Sans CJK SC, sans-serif">演示</text>
</svg>`;
}

/** A placeholder ID card side (no real data): the card's layout, a silhouette, 演示数据 across it. */
function idCardSvg(side: 'front' | 'back', projectName: string): string {
  const font = 'font-family="WenQuanYi Micro Hei, Noto Sans CJK SC, sans-serif"';
  const body =
    side === 'front'
      ? `<text x="36" y="80" font-size="20" fill="#555" ${font}>姓名  演示人员</text>
  <text x="36" y="120" font-size="20" fill="#555" ${font}>性别  —   民族  汉</text>
  <text x="36" y="160" font-size="20" fill="#555" ${font}>住址  ${escapeXml(projectName)}</text>
  <text x="36" y="290" font-size="20" fill="#555" ${font}>公民身份号码  ******************</text>
  <rect x="402" y="56" width="140" height="172" rx="6" fill="#d7dee6"/>
  <ellipse cx="472" cy="126" rx="38" ry="44" fill="#8d97a3"/>
  <path d="M410 228 C410 180 440 168 472 168 C504 168 534 180 534 228 Z" fill="#8d97a3"/>`
      : `<circle cx="96" cy="96" r="50" fill="none" stroke="#c0392b" stroke-width="6"/>
  <text x="96" y="106" font-size="26" text-anchor="middle" fill="#c0392b" ${font}>★</text>
  <text x="330" y="90" font-size="30" text-anchor="middle" fill="#444" ${font}>中华人民共和国</text>
  <text x="330" y="140" font-size="36" text-anchor="middle" fill="#444" ${font}>居民身份证</text>
  <text x="60" y="250" font-size="20" fill="#555" ${font}>签发机关  演示数据</text>
  <text x="60" y="290" font-size="20" fill="#555" ${font}>有效期限  2020.01.01-2040.01.01</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="580" height="340" viewBox="0 0 580 340">
  <rect width="580" height="340" rx="18" fill="hsl(${side === 'front' ? 200 : 40},35%,92%)"/>
  ${body}
  <text x="290" y="200" font-size="64" text-anchor="middle" fill="rgba(192,57,43,0.22)"
    transform="rotate(-18 290 200)" ${font}>演示数据</text>
</svg>`;
}

/** Rendered images, kept for the process: a test run seeds the demo many times. */
const rendered = new Map<string, Promise<Buffer>>();
function jpegOf(key: string, svg: () => string): Promise<Buffer> {
  let image = rendered.get(key);
  if (!image) {
    image = loadSharp().then((sharp) => sharp(Buffer.from(svg())).jpeg({ quality: 82 }).toBuffer());
    rendered.set(key, image);
  }
  return image;
}

/** Stores one demo image as a file of the project (once; a second seed finds it). */
async function storedImage(
  tx: Tx,
  storage: Storage,
  projectCode: string,
  ownerId: string,
  kind: 'face' | 'idCard',
  name: string,
  image: Buffer,
) {
  const storageKey = `${projectCode}/${kind}/demo/${name}.jpg`;
  const [row] = await tx
    .insert(files)
    .values({
      projectCode,
      ownerId,
      kind,
      originalName: `demo-${name}.jpg`,
      contentType: 'image/jpeg',
      bytes: image.length,
      sha256: createHash('sha256').update(image).digest('hex'),
      storageKey,
    })
    .onConflictDoNothing()
    .returning({ id: files.id });
  // A second image under a key already stored keeps the first's row: its bytes must stay too
  // (the row's SHA-256 names them; backup and move verify it).
  if (row) {
    await storage.put(storageKey, Readable.from([image]), 'image/jpeg');
    return row.id;
  }
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
    const card = async (side: 'front' | 'back') =>
      storedImage(
        tx,
        storage,
        project.code,
        owner.id,
        'idCard',
        `id-${side}`,
        await jpegOf(`id-${side}-${project.code}`, () => idCardSvg(side, project.name)),
      );
    const idFront = await card('front');
    const idBack = await card('back');
    // One portrait per surname and sex, shared by the workers who have both.
    const portraits = new Map<string, Promise<string>>();
    const portraitOf = (surname: string, sex: number) => {
      const key = `${surname}-${sex}`;
      let id = portraits.get(key);
      if (!id) {
        id = jpegOf(`face-${key}`, () => portraitSvg(surname, sex)).then((image) =>
          storedImage(tx, storage, project.code, owner.id, 'face', `face-${hueOf(surname)}-${sex}`, image),
        );
        portraits.set(key, id);
      }
      return id;
    };
    const faceOf = new Map<number, [surname: string, sex: number]>();
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
      const surname = pick(surnames);
      if (!incomplete) faceOf.set(i, [surname, sex]);
      const createdAt = new Date(Date.now() - Math.floor(rnd() * 84 * 86_400_000));
      rows.push({
        projectCode: project.code,
        sectionCode: project.sections[i % project.sections.length]!.code,
        name: surname + pick(given),
        idNumber,
        phone: `1${pick(['3', '5', '8', '7'])}${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}`,
        sex,
        birthDate: birth,
        regionCode: project.areaCode,
        team,
        job: pick(jobs[team]!),
        idCardFrontId: incomplete ? null : idFront,
        idCardBackId: incomplete ? null : idBack,
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
    const faceRows = [];
    for (const [i, w] of created.entries()) {
      const face = faceOf.get(i);
      if (w.front && face)
        faceRows.push({ workerId: w.id, fileId: await portraitOf(...face), createdBy: owner.id });
    }
    const faces = await tx
      .insert(workerFaces)
      .values(faceRows)
      .returning({ id: workerFaces.id, workerId: workerFaces.workerId });
    for (const f of faces)
      await tx.update(workers).set({ currentFaceId: f.id }).where(eq(workers.id, f.workerId));
  }
  await linkFieldAccount(
    tx,
    { account: 'demo_worker', projectCode: 'KH2026', sectionCode: 'KH-BD01' },
    today,
  );
}

/**
 * A field-worker account can clock in: it is linked (by its phone, the account ↔ worker link of
 * clock-in) to one of its section's labour workers who is approved, insured well past today, has a
 * face photo and clock-in on and is linked to no other account; that worker takes the account's
 * name. Once: an account that already has a phone is left alone. The field app's demo login
 * `demo_worker` is linked at initialisation, the demo's other field workers by the demo load.
 */
export async function linkFieldAccount(
  tx: Tx,
  o: { account: string; projectCode: string; sectionCode: string },
  today: string = chinaToday(),
): Promise<void> {
  const [account] = await tx
    .select({ id: users.id, phone: users.phone, name: users.name })
    .from(users)
    .where(and(eq(users.account, o.account), isNull(users.deletedAt)));
  if (!account || account.phone) return;
  const [worker] = await tx
    .select({ id: workers.id, phone: workers.phone })
    .from(workers)
    .where(
      and(
        eq(workers.projectCode, o.projectCode),
        eq(workers.sectionCode, o.sectionCode),
        eq(workers.reviewStatus, 1),
        eq(workers.insured, true),
        eq(workers.clockIn, true),
        isNotNull(workers.currentFaceId),
        isNull(workers.deletedAt),
        lte(workers.insuranceStart, today),
        gte(workers.insuranceEnd, addDays(today, 60)),
        notExists(tx.select({ id: users.id }).from(users).where(eq(users.phone, workers.phone))),
      ),
    )
    .orderBy(asc(workers.idNumber))
    .limit(1);
  if (!worker) return;
  await tx.update(users).set({ phone: worker.phone }).where(eq(users.id, account.id));
  await tx.update(workers).set({ name: account.name }).where(eq(workers.id, worker.id));
}
