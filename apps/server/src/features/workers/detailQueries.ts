/**
 * What a worker's page shows beside the row (queries.ts): face photos, the history, the name of
 * the region their ID number was issued in, and the section looked up by code.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { areas, sections, users, workerFaces, workerHistory } from '../../db/schema/index.ts';

export async function listFaces(db: Executor, workerId: string) {
  return db
    .select()
    .from(workerFaces)
    .where(eq(workerFaces.workerId, workerId))
    .orderBy(asc(workerFaces.createdAt), asc(workerFaces.id))
    .limit(100);
}

export async function insertFace(db: Executor, values: typeof workerFaces.$inferInsert) {
  const [row] = await db.insert(workerFaces).values(values).returning();
  return row!;
}

export async function findFace(db: Executor, workerId: string, faceId: string) {
  const [row] = await db
    .select()
    .from(workerFaces)
    .where(and(eq(workerFaces.id, faceId), eq(workerFaces.workerId, workerId)));
  return row;
}

export async function addHistory(
  db: Executor,
  values: typeof workerHistory.$inferInsert | (typeof workerHistory.$inferInsert)[],
) {
  const list = Array.isArray(values) ? values : [values];
  if (list.length) await db.insert(workerHistory).values(list);
}

export async function listHistory(db: Executor, workerId: string) {
  return db
    .select({
      at: workerHistory.at,
      action: workerHistory.action,
      text: workerHistory.text,
      actor: users.name,
    })
    .from(workerHistory)
    .leftJoin(users, eq(users.id, workerHistory.actorId))
    .where(eq(workerHistory.workerId, workerId))
    .orderBy(asc(workerHistory.at), asc(workerHistory.id))
    .limit(200);
}

export async function sectionOf(db: Executor, projectCode: string, code: string) {
  const [row] = await db
    .select({ code: sections.code, name: sections.name, managerId: sections.managerId })
    .from(sections)
    .where(and(eq(sections.projectCode, projectCode), eq(sections.code, code)));
  return row;
}

export async function areaName(db: Executor, code: string): Promise<string> {
  const [row] = await db
    .select({ name: areas.name, parent: areas.parentCode })
    .from(areas)
    .where(eq(areas.code, code));
  if (!row) return '';
  const chain = [row.name];
  let parent = row.parent;
  for (let i = 0; parent && i < 2; i++) {
    const [p] = await db
      .select({ name: areas.name, parent: areas.parentCode })
      .from(areas)
      .where(eq(areas.code, parent));
    if (!p) break;
    chain.unshift(p.name);
    parent = p.parent;
  }
  return chain.join('');
}
