import { type FieldError, format, type Lang, sectionAccessTexts } from '@pineguard/contract';
import type { AuthContext } from '../../platform/auth.ts';
import type { Executor } from '../../db/client.ts';
import * as projects from '../projects/index.ts';

/**
 * Who records where (标段分配, docs/decisions 0193-section-assignment): a field worker — someone
 * acting in the project only as `worker` — records only in the sections assigned to them; every
 * other role (supervisor, section manager, administrator typing in from a PC) records in any
 * section of the project. One lookup per batch.
 */

/**
 * Acting in the project as a field worker and nothing more. A user also holding a back-office
 * role there (the active one, when they chose one) is not limited: that role already lets them
 * see and correct every section. Contexts built by the seed (no roles) are not limited either.
 */
export function isFieldWorker(auth: Pick<AuthContext, 'isSuperAdmin' | 'roleCodes'>): boolean {
  const codes = auth.roleCodes ?? [];
  return !auth.isSuperAdmin && codes.length > 0 && codes.every((c) => c === 'worker');
}

/** The sections the caller may record in (by code), or undefined when any section of the project. */
export async function recordableSections(
  db: Executor,
  auth: AuthContext,
  projectCode: string,
): Promise<Set<string> | undefined> {
  if (!isFieldWorker(auth)) return undefined;
  return new Set(await projects.assignedSectionCodes(db, projectCode, auth.userId));
}

/**
 * Why a field worker may not record in `section` (undefined: they may). Names the field and the
 * section, and says where they may record, or whom to ask when they have no section.
 */
export function sectionRefusal(
  lang: Lang,
  allowed: Set<string> | undefined,
  section: { code: string; name: string },
  nameOf: (code: string) => string,
): FieldError | undefined {
  if (!allowed || allowed.has(section.code)) return undefined;
  const text = allowed.size
    ? format(sectionAccessTexts.sectionNotAssigned[lang], {
        name: section.name || section.code,
        allowed: [...allowed].map(nameOf).join(lang === 'en' ? ', ' : '、'),
      })
    : sectionAccessTexts.noSectionAssigned[lang];
  return { field: 'sectionCode', message: text };
}
