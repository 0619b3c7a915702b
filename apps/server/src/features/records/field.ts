import { MINE_DAYS } from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { decodeCursor, encodeCursor } from '../../platform/pagination.ts';
import * as projects from '../projects/index.ts';
import * as standards from '../standards/index.ts';
import * as q from './queries.ts';
import { isFieldWorker, recordableSections } from './sectionAccess.ts';

/** The field app's reads: its setup for the selected project, and the caller's own records. */

/**
 * What the field app needs for the selected project: its name, the sections the caller may
 * record in (a field worker's assigned ones) and its standard tables.
 */
export async function fieldSetup(deps: AppDeps, auth: AuthContext, projectCode: string) {
  const { db } = deps.database;
  const [name, sections, tables, allowed] = await Promise.all([
    projects.projectName(db, projectCode),
    projects.listSections(db, projectCode),
    standards.projectTables(db, projectCode),
    recordableSections(db, auth, projectCode),
  ]);
  return {
    project: { code: projectCode, name: name ?? projectCode },
    sections: sections
      .filter((s) => !allowed || allowed.has(s.code))
      .map((s) => ({ code: s.code, name: s.name })),
    assignedOnly: isFieldWorker(auth),
    tables: tables.filter((t) => !t.retired),
  };
}

/** The caller's own records among `ids`, with their state and the reason of a send-back. */
export async function ownStates(deps: AppDeps, auth: AuthContext, projectCode: string, ids: string[]) {
  const rows = await q.statesOfOwn(deps.database.db, auth.userId, projectCode, ids);
  return rows.map((r) => ({ id: r.id, state: r.state, reason: r.reason, deleted: r.deletedAt !== null }));
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller's own records of the last 30 days in the selected project (sent from any phone),
 * newest first, one keyset page at a time: the cursor names the last row of the previous page.
 */
export async function ownRecent(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  body: { cursor?: string; pageSize: number },
  now = new Date(),
) {
  let afterId: string | undefined;
  if (body.cursor) {
    const c = decodeCursor(body.cursor, 1);
    if (!c || typeof c[0] !== 'string' || !UUID_RE.test(c[0])) throw fail.invalid('cursorInvalid');
    afterId = c[0];
  }
  const since = new Date(now.getTime() - MINE_DAYS * 24 * 3600_000);
  const rows = await q.ownRecentPage(
    deps.database.db,
    auth.userId,
    projectCode,
    since,
    afterId,
    body.pageSize,
  );
  const last = rows[rows.length - 1];
  return {
    list: rows.map((r) => ({ ...r, timeSubmit: r.timeSubmit.toISOString() })),
    nextCursor: last && rows.length === body.pageSize ? encodeCursor([last.id]) : null,
  };
}
