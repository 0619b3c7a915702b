import type { burnPointSaveBody } from '@pineguard/contract';
import {
  type BurnCensusItem,
  type BurnPointFlag,
  type BurnPointItem,
  type BurnPointKind,
  type BurnPointPhoto,
  type BurnPointState,
} from '@pineguard/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { audit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { insideCountyOutline } from '../../platform/geo/countyOutlines.ts';
import type { Page } from '../../platform/pagination.ts';
import { areaNames } from '../areas/index.ts';
import { filesByIds, signMedia } from '../files/index.ts';
import { findProject, listSections } from '../projects/index.ts';
import { burnTotals } from '../records/index.ts';
import { projectTables } from '../standards/index.ts';
import * as q from './queries.ts';

type SaveInput = z.infer<typeof burnPointSaveBody>;

async function projectOrFail(db: Executor, projectCode: string) {
  const project = await findProject(db, projectCode);
  if (!project) throw fail.notFound('projectNotFound');
  return project;
}

/**
 * The photos of a page of burn points, signed for <img> like records' media (one files query for
 * the page; a file of another project or gone is left out).
 */
async function photosOf(
  deps: AppDeps,
  db: Executor,
  projectCode: string,
  rows: q.BurnPointRow[],
): Promise<Map<string, BurnPointPhoto>> {
  const found = await filesByIds(
    db,
    rows.flatMap((r) => r.photos),
  );
  const photos = new Map<string, BurnPointPhoto>();
  for (const f of found) {
    if (f.projectCode !== projectCode) continue;
    const full = signMedia(deps.config.media, f.id, 'full');
    photos.set(f.id, {
      fileId: f.id,
      name: f.originalName,
      url: full.url,
      thumbUrl: f.thumbKey ? signMedia(deps.config.media, f.id, 'thumb').url : full.url,
      expiresAt: full.expiresAt,
    });
  }
  return photos;
}

async function toItems(
  deps: AppDeps,
  db: Executor,
  projectCode: string,
  rows: q.BurnPointRow[],
): Promise<BurnPointItem[]> {
  const names = await areaNames(db, rows.map((r) => r.townshipCode).filter(Boolean));
  const sections = rows.some((r) => r.sectionCode) ? await listSections(db, projectCode) : [];
  const sectionName = new Map(sections.map((s) => [s.code, s.name]));
  const photos = await photosOf(deps, db, projectCode, rows);
  return rows.map((r) => ({
    id: r.id,
    projectCode: r.projectCode,
    sectionCode: r.sectionCode,
    sectionName: r.sectionCode ? (sectionName.get(r.sectionCode) ?? r.sectionCode) : null,
    name: r.name,
    type: r.kind as BurnPointKind,
    gpsLong: r.gpsLong,
    gpsLat: r.gpsLat,
    townshipCode: r.townshipCode,
    townshipName: names.get(r.townshipCode) ?? '',
    capacity: r.capacity,
    personInCharge: r.personInCharge,
    phone: r.phone,
    state: r.state as BurnPointState,
    photos: r.photos,
    photoList: r.photos.flatMap((id) => photos.get(id) ?? []),
    remarks: r.remarks,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function list(
  deps: AppDeps,
  projectCode: string,
  filter: q.BurnPointFilter,
  page: Page,
): Promise<{ list: BurnPointItem[]; total: number; totalExact?: false }> {
  const { db } = deps.database;
  const { rows, ...counted } = await q.listBurnPoints(db, projectCode, filter, page);
  return { ...counted, list: await toItems(deps, db, projectCode, rows) };
}

/** Checks a burn point's place and names against the project: county box, section, township, unique name. */
async function check(db: Executor, projectCode: string, input: SaveInput) {
  const project = await projectOrFail(db, projectCode);
  // References first (another project's point or section is refused as not found), then the place.
  if (input.sectionCode) {
    const sections = await listSections(db, projectCode);
    if (!sections.some((s) => s.code === input.sectionCode)) {
      throw fail.invalid('burnPointSectionUnknown', { code: input.sectionCode });
    }
  }
  if (!(await insideCountyOutline(project.areaCode, input.gpsLong, input.gpsLat))) {
    const county = (await areaNames(db, [project.areaCode.slice(0, 6)])).get(project.areaCode.slice(0, 6));
    throw fail.invalid('burnPointOutsideCounty', {
      lng: input.gpsLong,
      lat: input.gpsLat,
      county: county ?? project.areaCode,
    });
  }
  if (input.townshipCode && !input.townshipCode.startsWith(project.areaCode.slice(0, 6))) {
    throw fail.invalid('burnPointTownshipUnknown', { code: input.townshipCode });
  }
  if (input.townshipCode && !(await areaNames(db, [input.townshipCode])).has(input.townshipCode)) {
    throw fail.invalid('burnPointTownshipUnknown', { code: input.townshipCode });
  }
  if (await q.nameTaken(db, projectCode, input.name, input.id)) {
    throw fail.conflict('burnPointNameTaken', { name: input.name });
  }
  await checkPhotos(db, projectCode, input.photos);
}

/** Every photo is a file uploaded in this project, and an image (another project's is refused as unknown). */
async function checkPhotos(db: Executor, projectCode: string, photos: string[]) {
  const ids = [...new Set(photos.map((id) => id.toLowerCase()))];
  if (!ids.length) return;
  const found = new Map((await filesByIds(db, ids)).map((f) => [f.id, f]));
  for (const id of ids) {
    const f = found.get(id);
    if (!f || f.projectCode !== projectCode) throw fail.invalid('burnPointPhotoInvalid', { id });
    if (f.kind !== 'photo') throw fail.invalid('burnPointPhotoNotImage', { name: f.originalName });
  }
}

export async function save(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: SaveInput,
): Promise<BurnPointItem> {
  return deps.database.db.transaction(async (tx) => {
    const before = input.id ? await q.findBurnPoint(tx, projectCode, input.id) : undefined;
    if (input.id && !before) throw fail.notFound();
    await check(tx, projectCode, input);
    const values = {
      sectionCode: input.sectionCode || null,
      name: input.name,
      kind: input.type,
      gpsLong: input.gpsLong,
      gpsLat: input.gpsLat,
      townshipCode: input.townshipCode,
      capacity: input.capacity ?? null,
      personInCharge: input.personInCharge,
      phone: input.phone,
      state: input.state,
      photos: [...new Set(input.photos.map((id) => id.toLowerCase()))],
      remarks: input.remarks,
    };
    let row: q.BurnPointRow;
    if (input.id) {
      row = (await q.updateBurnPoint(tx, projectCode, input.id, values))!;
      await audit(tx, {
        actorId: auth.userId,
        projectCode,
        action: 'update',
        entity: 'burnPoint',
        entityId: row.id,
        summary: row.name,
        params: { name: row.name },
        before,
        after: row,
      });
    } else {
      row = await q.insertBurnPoint(tx, { projectCode, ...values });
      await audit(tx, {
        actorId: auth.userId,
        projectCode,
        action: 'create',
        entity: 'burnPoint',
        entityId: row.id,
        summary: row.name,
        params: { name: row.name },
        after: row,
      });
    }
    return (await toItems(deps, tx, projectCode, [row]))[0]!;
  });
}

/**
 * Deletes a burn point. Its burn records keep the name they were made with; the records list
 * then flags them as naming an unknown point (suspend a point to keep its history linked).
 */
export async function remove(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  id: string,
): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const removed = await q.deleteBurnPoint(tx, projectCode, id);
    if (!removed) throw fail.notFound();
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'delete',
      entity: 'burnPoint',
      entityId: id,
      summary: removed.name,
      params: { name: removed.name },
      before: removed,
    });
  });
}

/**
 * The table a report or census reads: one of the project's standard tables, checked against the
 * project's list (the name never reaches SQL as text it chose; it is a bound parameter anyway).
 */
export async function burnTable(db: Executor, projectCode: string, table: string): Promise<string> {
  const tables = await projectTables(db, projectCode);
  const found = tables.find((t) => t.code === table);
  if (!found) throw fail.invalid('burnTableUnknown', { table: table.slice(0, 64) });
  return found.code;
}

/** Names of burn points by state: the records list flags records naming a suspended or unknown one. */
export async function pointStates(db: Executor, projectCode: string): Promise<Map<string, BurnPointState>> {
  const rows = await q.allBurnPoints(db, projectCode);
  return new Map(rows.map((r) => [r.name, r.state as BurnPointState]));
}

/**
 * The burn points among `names` that a record should be flagged for: suspended, or not registered
 * in the project. One query for a whole page of records (names not flagged are left out).
 */
export async function pointFlags(
  db: Executor,
  projectCode: string,
  names: string[],
): Promise<Map<string, BurnPointFlag>> {
  const wanted = [...new Set(names.filter((n) => n !== ''))].slice(0, 1000);
  const flags = new Map<string, BurnPointFlag>();
  if (!wanted.length) return flags;
  const known = new Map((await q.pointsNamed(db, projectCode, wanted)).map((p) => [p.name, p.state]));
  for (const name of wanted) {
    const state = known.get(name);
    if (state === undefined) flags.set(name, 'unknown');
    else if (state === 'suspended') flags.set(name, 'suspended');
  }
  return flags;
}

/** Every burn point of the project with its position (the GIS map's burn point layer). */
export async function mapPoints(db: Executor, projectCode: string) {
  const rows = await q.allBurnPoints(db, projectCode);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    state: r.state,
    lng: r.gpsLong,
    lat: r.gpsLat,
  }));
}

/** Per burn point: burns, quantity per unit, last burn day, approved burns; points no record names show zeros. */
export async function census(deps: AppDeps, projectCode: string, table: string): Promise<BurnCensusItem[]> {
  const { db } = deps.database;
  const tableCode = await burnTable(db, projectCode, table);
  const points = await q.allBurnPoints(db, projectCode);
  const totals = await burnTotals(db, projectCode, tableCode);
  return censusOf(points, totals);
}

/** The census arithmetic, apart from the database (unit-tested on a hand-counted set). */
export function censusOf(
  points: Pick<q.BurnPointRow, 'id' | 'name' | 'kind' | 'state'>[],
  totals: {
    point: string;
    unit: string;
    burns: number;
    quantity: number;
    lastBurn: string | null;
    passed: number;
  }[],
): BurnCensusItem[] {
  return points.map((p) => {
    const mine = totals.filter((t) => t.point === p.name);
    const lastBurn = mine.reduce<string | null>(
      (a, t) => (t.lastBurn && (!a || t.lastBurn > a) ? t.lastBurn : a),
      null,
    );
    return {
      id: p.id,
      name: p.name,
      type: p.kind as BurnPointKind,
      state: p.state as BurnPointState,
      burns: mine.reduce((a, t) => a + t.burns, 0),
      quantities: mine.map((t) => ({ unit: t.unit, quantity: Math.round(t.quantity * 100) / 100 })),
      lastBurn,
      passed: mine.reduce((a, t) => a + t.passed, 0),
    };
  });
}
