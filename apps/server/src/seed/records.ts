import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  chinaDay,
  type ColumnDescriptor,
  isCountUnit,
  TAG_ALPHABET,
  tagCheckChar,
} from '@pineguard/contract';
import { and, eq } from 'drizzle-orm';
import { loadSharp } from '../platform/sharp.ts';
import { userProjectRoles, users } from '../db/schema/index.ts';
import * as files from '../features/files/index.ts';
import { examine, type IncomingRecord, ingest } from '../features/records/service.ts';
import * as standards from '../features/standards/index.ts';
import type { AuthContext } from '../platform/auth.ts';
import type { AppDeps } from '../platform/deps.ts';
import { demoBurnPoints } from './burnPoints.ts';
import { exifTime } from './photos.ts';

/** A small real JPEG (64×48, green) with EXIF time and camera, made with sharp. */
export async function demoJpeg(at: Date): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 46, g: 112, b: 58 } } })
    .jpeg({ quality: 70 })
    .withExif({ IFD0: { DateTime: exifTime(at), Make: 'PineGuard', Model: 'seed' } })
    .toBuffer();
}

/** Forest boxes inside the demo counties (开化县 330824, 江山市 330881); anything else near 开化. */
const forests: Record<string, { long: [number, number]; lat: [number, number] }> = {
  KH2026: { long: [118.25, 118.55], lat: [29.0, 29.35] },
  JS2026: { long: [118.45, 118.7], lat: [28.5, 28.8] },
};

const words = ['山脚', '林缘', '道路旁', '坡顶', '沟谷', '村后山', '松林内', '防火带', '坟地旁', '竹林边'];
const rand = (n: number) => Math.floor(Math.random() * n);
const between = (a: number, b: number) => a + Math.random() * (b - a);

/** Plausible values of the built-in tables' numbers (a dead Masson pine, a load, a trap). */
const realistic: Record<string, [number, number, 'int' | 'dec']> = {
  xiongjing: [10, 40, 'int'],
  shugao: [6, 20, 'dec'],
  dungao: [1, 5, 'int'],
  kssl: [1, 30, 'int'],
  pjxj: [10, 40, 'dec'],
  yimushuliang: [1, 20, 'int'],
  tnsl: [0, 40, 'int'],
};

/** A well-formed tag code (prefix, 10 base32 characters, check character) never issued. */
function randomTag(prefix: string): string {
  let body = '';
  for (let i = 0; i < 10; i++) body += TAG_ALPHABET[rand(32)];
  return `${prefix}-${body}${tagCheckChar(body)}`;
}

function valueFor(c: ColumnDescriptor, day: string, photoId: string, prefix: string): unknown {
  const r = c.rules;
  switch (c.fldInput) {
    case 'number': {
      const [min, max, kind] = realistic[c.code] ?? [
        r.min ?? 0,
        Math.min(r.max ?? 100, (r.min ?? 0) + 200),
        'dec',
      ];
      // Counts (株, 头, a unit chosen in another column) are whole numbers: ingestion refuses decimals.
      if (kind === 'int' || isCountUnit(r.unit) || r.unitColumn) return Math.round(between(min, max));
      return Math.round(between(min, max) * 10) / 10;
    }
    case 'select':
      return r.options?.[rand(r.options.length)]?.value;
    case 'multi':
      return r.options?.length
        ? r.options
            .filter((_, i) => i === 0 || Math.random() < 0.3)
            .map((o) => o.value)
            .join(',')
        : undefined;
    case 'date':
      return day;
    case 'photo':
      return r.required || Math.random() < 0.5 ? [photoId] : undefined;
    case 'video':
      return undefined;
    case 'textarea':
      return Math.random() < 0.3 ? `${words[rand(words.length)]}，${words[rand(words.length)]}` : undefined;
    default: {
      // A QR tag field (qrcode, multi_qrcode) takes well-formed codes only: ingestion refuses others.
      if (c.code === 'qrcode' || r.qrTag) return randomTag(prefix);
      const max = r.maxLength ?? 20;
      return `${words[rand(words.length)]}${rand(100)}号`.slice(0, max);
    }
  }
}

export type GenerateOptions = {
  projectCode: string;
  count: number;
  tables?: string[];
  days?: number;
  batchSize?: number;
  concurrency?: number;
  /** Share of records moved to approved / sent back / rejected afterwards (demo mix). */
  review?: boolean;
  log?: (line: string) => void;
  /**
   * QR tags to name (issue 15): felling records take them in turn (field qrcode) until they run
   * out; some burn records then list a few of those already named (field multi_qrcode).
   */
  qrCodes?: string[];
};

/**
 * Fills a project with generated records through the ingestion path (the same validation and
 * batched writes as POST /api/collect/records): batches of `batchSize`, `concurrency` at a time.
 */
export async function generateRecords(
  deps: AppDeps,
  o: GenerateOptions,
): Promise<{ created: number; ms: number }> {
  const { db } = deps.database;
  const tables = (await standards.projectTables(db, o.projectCode)).filter(
    (t) => !o.tables || o.tables.includes(t.code),
  );
  if (!tables.length) throw new Error(`project ${o.projectCode} uses none of the tables asked for`);
  const members = await db
    .select({ id: users.id })
    .from(userProjectRoles)
    .innerJoin(users, eq(users.id, userProjectRoles.userId))
    .where(and(eq(userProjectRoles.projectCode, o.projectCode)));
  if (!members.length) throw new Error(`project ${o.projectCode} has no members to collect`);
  const sectionRows = await (await import('../features/projects/index.ts')).listSections(db, o.projectCode);
  if (!sectionRows.length) throw new Error(`project ${o.projectCode} has no sections`);

  // One real photo of the project, referenced by every generated record.
  const key = `${o.projectCode}/photo/seed/${randomUUID()}.jpg`;
  const jpeg = await demoJpeg(new Date());
  await deps.storage.put(key, Readable.from([jpeg]), 'image/jpeg');
  // Thumbnail and EXIF as an upload makes them.
  const thumb = await files.thumbnail(files.bufferStream(jpeg));
  const thumbKey = thumb ? `${key}.thumb.jpg` : null;
  if (thumb && thumbKey) await deps.storage.put(thumbKey, files.bufferStream(thumb), 'image/jpeg');
  const photo = await files.insertFile(db, {
    ...(await files.photoFacts(jpeg)),
    thumbKey,
    projectCode: o.projectCode,
    ownerId: members[0]!.id,
    kind: 'photo',
    originalName: 'seed.jpg',
    contentType: 'image/jpeg',
    bytes: jpeg.length,
    sha256: createHash('sha256').update(jpeg).digest('hex'),
    storageKey: key,
  });

  const box = forests[o.projectCode] ?? forests['KH2026']!;
  const burnNames = demoBurnPoints.filter((p) => p.projectCode === o.projectCode).map((p) => p.name);
  const days = o.days ?? 60;
  const batchSize = o.batchSize ?? 500;
  const prefix = o.projectCode.slice(0, 2) + o.projectCode.slice(-2);
  const now = Date.now();
  let made = 0;
  let created = 0;
  const start = performance.now();
  const reviewed: string[] = [];
  const auths = members.map((m) => ({ userId: m.id }) as AuthContext);
  const tagPool = [...(o.qrCodes ?? [])];
  const tagsNamed: string[] = [];
  const next = (): IncomingRecord[] => {
    const n = Math.min(batchSize, o.count - made);
    made += n;
    return Array.from({ length: n }, () => {
      const table = tables[rand(tables.length)]!;
      const at = new Date(now - Math.random() * days * 86_400_000);
      const day = chinaDay(at);
      const fields: Record<string, unknown> = {};
      for (const c of table.columns) {
        const v = valueFor(c, day, photo.id, prefix);
        if (v !== undefined) fields[c.code] = v;
      }
      if (tagPool.length && table.columns.some((c) => c.code === 'qrcode')) {
        fields.qrcode = tagPool.shift();
        tagsNamed.push(fields.qrcode as string);
      } else if (tagsNamed.length && table.columns.some((c) => c.code === 'multi_qrcode')) {
        if (Math.random() < 0.7) fields.multi_qrcode = tagsNamed.splice(0, 1 + rand(4)).join(',');
      }
      // Burn records name one of the project's demo burn points (seed/burnPoints.ts).
      if ('fsd' in fields && burnNames.length) fields.fsd = burnNames[rand(burnNames.length)];
      return {
        id: randomUUID(),
        tableCode: table.code,
        sectionCode: sectionRows[rand(sectionRows.length)]!.code,
        timeSubmit: at,
        gps: {
          long: between(...box.long),
          lat: between(...box.lat),
          alt: Math.round(between(100, 900)),
          range: Math.round(between(3, 15)),
        },
        place: {},
        fields,
      };
    });
  };
  const worker = async () => {
    for (let batch = next(); batch.length; batch = next()) {
      const results = await ingest(deps, auths[rand(auths.length)]!, o.projectCode, batch, 'zh-CN');
      const bad = results.find((r) => r.status === 'rejected');
      if (bad) throw new Error(`generated record rejected: ${JSON.stringify(bad.errors)}`);
      created += results.length;
      if (o.review) reviewed.push(...results.filter(() => Math.random() < 0.65).map((r) => r.uuid));
      if (o.log && created % 50_000 < batchSize) o.log(`${created} records`);
    }
  };
  await Promise.all(Array.from({ length: o.concurrency ?? 1 }, worker));
  if (o.review && reviewed.length) {
    const reviewer = {
      userId: members[0]!.id,
      permissions: new Set(['records.review']),
      isSuperAdmin: true,
      roleCodes: [],
    } as unknown as AuthContext;
    for (let i = 0; i < reviewed.length; i += 500) {
      const ids = reviewed.slice(i, i + 500);
      const approve = ids.filter((_, k) => k % 10 < 7);
      const back = ids.filter((_, k) => k % 10 === 7 || k % 10 === 8);
      const reject = ids.filter((_, k) => k % 10 === 9);
      if (approve.length) await examine(deps, reviewer, o.projectCode, { ids: approve, action: 'approve' });
      if (back.length)
        await examine(deps, reviewer, o.projectCode, {
          ids: back,
          action: 'return',
          reason: '照片不清晰，请补拍',
        });
      if (reject.length)
        await examine(deps, reviewer, o.projectCode, {
          ids: reject,
          action: 'reject',
          reason: '位置不在作业小班内',
        });
    }
  }
  return { created, ms: performance.now() - start };
}
