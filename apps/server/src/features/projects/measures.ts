import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { audit } from '../../platform/audit.ts';
import { fail } from '../../platform/errors.ts';
import { ports } from './ports.ts';
import * as q from './queries.ts';

/**
 * A project's control measures (防治措施) and the standard tables they bring: the catalogue is the
 * standards feature's (reached through ports.ts), the choice is the project's own row.
 */

/** The standard tables of the project's chosen measures (what the field app fills in). */
export function tables(deps: AppDeps, projectCode: string) {
  return ports().standards.projectTables(deps.database.db, projectCode);
}

/** Every control measure with its standard table. */
export function allMeasures(deps: AppDeps) {
  return ports().standards.measures(deps.database.db);
}

export async function setMeasures(deps: AppDeps, auth: AuthContext, projectCode: string, codes: string[]) {
  const { db } = deps.database;
  const { measures, projectMeasureCodes } = ports().standards;
  if (!(await q.findProject(db, projectCode))) throw fail.notFound();
  const unique = [...new Set(codes)];
  const known = unique.length ? await measures(db, unique) : [];
  const missing = unique.find((c) => !known.some((k) => k.code === c));
  if (missing) throw fail.invalid('measureUnknown', { code: missing });
  const project = await q.findProject(db, projectCode);
  const beforeCodes = await projectMeasureCodes(db, projectCode);
  const allKnown = await measures(db, [...new Set([...beforeCodes, ...unique])]);
  const names = (codes: string[]) => codes.map((c) => allKnown.find((m) => m.code === c)?.name ?? c);
  await db.transaction(async (tx) => {
    await q.replaceProjectMeasures(tx, projectCode, unique);
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'update',
      entity: 'project',
      entityId: projectCode,
      summary: `${project?.name ?? projectCode} ${names(unique).join(' ')}`,
      params: { kind: 'measures', name: project?.name ?? projectCode, measures: names(unique) },
      before: { measures: names(beforeCodes) },
      after: { measures: names(unique) },
    });
  });
  return measures(db, unique);
}
