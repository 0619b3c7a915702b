import { maxSectionsPerProject, type SectionBody, type SectionItem } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { audit } from '../../platform/audit.ts';
import { fail } from '../../platform/errors.ts';
import { holdingsText } from '../../platform/holdings.ts';
import { offsetOf, type Page } from '../../platform/pagination.ts';
import { areaNames, projectTownships } from '../areas/index.ts';
import { sectionHoldings } from './holders.ts';
import { isProjectMember } from './memberQueries.ts';
import * as q from './queries.ts';
import * as s from './sectionQueries.ts';

/**
 * A project's sections (标段): listed with their townships' names, saved inside the project's
 * area, deleted or renamed only while nothing names their code. Boundaries are in boundaries.ts.
 */

/** A section as the save call sends it (the contract's parsed body). */
export type SectionInput = SectionBody;

/** Sections of a project (one when `id` is given), with their townships' names. */
export async function listSections(
  deps: AppDeps | Executor,
  projectCode: string,
  id?: string,
): Promise<SectionItem[]> {
  const db = 'database' in deps ? deps.database.db : deps;
  const list = await s.listSections(db, projectCode, id);
  const names = await areaNames(
    db,
    list.flatMap((section) => section.areaCodes),
  );
  return list.map((section) => ({
    ...section,
    areaNames: section.areaCodes.map((c) => names.get(c) ?? c),
  }));
}

/** One section of the project, or not found. */
export async function section(deps: AppDeps, projectCode: string, id: string): Promise<SectionItem> {
  const [found] = await listSections(deps, projectCode, id);
  if (!found) throw fail.notFound();
  return found;
}

/** A page of the project's sections (a project holds at most maxSectionsPerProject). */
export async function sectionPage(deps: AppDeps, projectCode: string, page: Page) {
  const all = await listSections(deps, projectCode);
  const from = offsetOf(page);
  return { total: all.length, list: all.slice(from, from + page.pageSize) };
}

/** Adds or updates a section; its townships must lie in the project's area, its manager in the project. */
export async function saveSection(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: SectionInput,
) {
  const { db } = deps.database;
  const project = await q.findProject(db, projectCode);
  if (!project) throw fail.notFound();
  const allowed = new Set((await projectTownships(db, project.areaCode)).map((a) => a.code));
  const outside = input.areaCodes.find((c) => !allowed.has(c));
  if (outside) throw fail.invalid('areaOutsideProject', { code: outside });
  if (input.managerId && !(await isProjectMember(db, input.managerId, projectCode))) {
    throw fail.invalid('userNotInProject');
  }
  const { id, ...values } = input;
  if (!id && (await s.sectionCount(db, projectCode)) >= maxSectionsPerProject) {
    throw fail.invalid('tooManySections', { max: maxSectionsPerProject });
  }
  const duplicate = await s.sectionIdsWithCode(db, projectCode, input.code);
  if (duplicate.some((d) => d.id !== id)) throw fail.conflict('sectionCodeTaken', { code: input.code });
  if (id) {
    // Records, workers, tags and burn points name a section by its code: a code in use stays (a
    // renamed code would orphan them, and workers' foreign key refused it with a 500).
    const [current] = await s.listSections(db, projectCode, id);
    if (current && current.code !== input.code) {
      const held = await sectionHoldings(db, projectCode, current.code);
      if (held.length) throw fail.conflict('sectionCodeInUse', { holdings: holdingsText(held) });
    }
  }
  const savedId = await db.transaction(async (tx) => {
    let sectionId = id;
    if (id) {
      if (!(await s.updateSection(tx, projectCode, id, values))) throw fail.notFound();
    } else {
      sectionId = await s.insertSection(tx, projectCode, values);
    }
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: id ? 'update' : 'create',
      entity: 'section',
      entityId: sectionId!,
      summary: `${input.code} ${input.name}`,
      params: { name: input.name, code: input.code },
      after: values,
    });
    return sectionId!;
  });
  return (await listSections(db, projectCode, savedId))[0]!;
}

/**
 * Removes a section; refused while records, workers or burn points name its code (holders.ts):
 * deleted workers keep their section (their history stays readable), so they count too.
 */
export async function removeSection(deps: AppDeps, auth: AuthContext, projectCode: string, id: string) {
  const { db } = deps.database;
  const [section] = await s.listSections(db, projectCode, id);
  if (section) {
    const held = await sectionHoldings(db, projectCode, section.code);
    for (const h of held) if (h.refusal) throw fail.conflict(h.refusal, { count: h.n });
    if (held.length) throw fail.conflict('sectionHasData', { holdings: holdingsText(held) });
  }
  await deps.database.db.transaction(async (tx) => {
    const removed = await s.deleteSection(tx, projectCode, id);
    if (!removed) throw fail.notFound();
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'delete',
      entity: 'section',
      entityId: id,
      summary: `${removed.code} ${removed.name}`,
      params: { name: removed.name, code: removed.code },
      before: removed,
    });
  });
}
