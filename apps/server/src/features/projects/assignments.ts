import {
  ErrorCode,
  format,
  type Lang,
  type MemberSectionsItem,
  sectionAccessTexts,
  type Text,
} from '@pineguard/contract';
import type { AppDeps } from '../../platform/deps.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, fail } from '../../platform/errors.ts';
import * as a from './assignmentQueries.ts';
import { isProjectMember } from './memberQueries.ts';
import { ports } from './ports.ts';
import * as q from './queries.ts';
import { listSections } from './sectionQueries.ts';

/**
 * 标段分配: which sections a member records in. The rule itself (a field worker records only in
 * these) is applied where records are stored (records/sectionAccess.ts); here they are read and
 * set, by whoever manages the project's users.
 */

/** A refusal naming one field of the request, in the caller's language (shown under that field). */
function fieldRefusal(lang: Lang, field: string, text: Text, params: Record<string, string> = {}) {
  const message = format(text[lang], params);
  return new AppError(
    ErrorCode.validation,
    'fieldErrors',
    { text: message },
    { fields: [{ field, message }] },
  );
}

/**
 * Sections of members of a project, one item per asked member (empty lists for none). Someone who
 * is not a member of the project is not found: nobody learns of people through another project.
 */
export async function memberSections(
  deps: AppDeps,
  projectCode: string,
  userIds: string[],
): Promise<MemberSectionsItem[]> {
  const { db } = deps.database;
  const ids = [...new Set(userIds.map((id) => id.toLowerCase()))];
  const members = await a.membersAmong(db, projectCode, ids);
  if (ids.some((id) => !members.has(id))) throw fail.notFound('userNotInProject');
  const rows = await a.assignmentsOf(db, projectCode, ids);
  return ids.map((userId) => {
    const own = rows.filter((r) => r.userId === userId);
    return { userId, sectionCodes: own.map((r) => r.code), sectionNames: own.map((r) => r.name) };
  });
}

/**
 * Replaces a member's sections. The member must hold a role in the project and every code must
 * be one of its sections; an empty list leaves them none (a field worker then records nowhere).
 */
export async function setMemberSections(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: { userId: string; sectionCodes: string[] },
  lang: Lang,
): Promise<MemberSectionsItem> {
  const { db } = deps.database;
  const project = await q.findProject(db, projectCode);
  if (!project) throw fail.notFound('projectNotFound');
  const userId = input.userId.toLowerCase();
  if (!(await isProjectMember(db, userId, projectCode))) {
    throw fieldRefusal(lang, 'userId', sectionAccessTexts.memberNotInProject);
  }
  const all = await listSections(db, projectCode);
  const byCode = new Map(all.map((s) => [s.code, s]));
  const codes = [...new Set(input.sectionCodes.map((c) => c.trim()))];
  const unknown = codes.filter((c) => !byCode.has(c));
  if (unknown.length) {
    throw fieldRefusal(lang, 'sectionCodes', sectionAccessTexts.sectionsNotInProject, {
      codes: unknown.join(lang === 'en' ? ', ' : '、'),
    });
  }
  codes.sort();
  const before = await a.assignedSectionCodes(db, projectCode, userId);
  const member = await ports().users.label(db, userId);
  const names = (list: string[]) => list.map((c) => byCode.get(c)?.name ?? c);
  await db.transaction(async (tx) => {
    await a.replaceAssignments(tx, projectCode, userId, codes);
    await audit(tx, {
      actorId: auth.userId,
      projectCode,
      action: 'update',
      entity: 'grant',
      entityId: userId,
      summary: `${member?.account ?? ''} ${member?.name ?? ''} ${names(codes).join(' ')}`,
      params: {
        kind: 'sections',
        name: member?.name ?? '',
        account: member?.account ?? '',
        sections: names(codes),
      },
      before: { sections: names(before) },
      after: { sections: names(codes) },
    });
  });
  return { userId, sectionCodes: codes, sectionNames: names(codes) };
}
