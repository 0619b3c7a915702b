import type { Lang } from '@pineguard/contract';

/**
 * English names of the built-in roles (apps/server/src/features/roles/builtin.ts), by their stable
 * code. The stored name stays Chinese; the web shows the English one in the en locale, but only
 * while the stored name is still the built-in default: a role renamed by an administrator (or one
 * created by hand) is shown as typed.
 */
const builtinRoles: Record<string, { zh: string; en: string; zhDescription: string; enDescription: string }> =
  {
    project_admin: {
      zh: '项目管理员',
      en: 'Project administrator',
      zhDescription: '管理本项目的人员、角色、标段和全部业务数据',
      enDescription: "Manages the project's people, roles, sections and all its data",
    },
    supervisor: {
      zh: '监理',
      en: 'Supervisor',
      zhDescription: '审核、更正采集数据和劳务人员',
      enDescription: 'Reviews and corrects collected data and workers',
    },
    section_manager: {
      zh: '标段负责人',
      en: 'Section manager',
      zhDescription: '管理本标段的劳务人员，查看本标段数据',
      enDescription: "Manages the section's workers and sees the section's data",
    },
    worker: {
      zh: '劳务人员',
      en: 'Field worker',
      zhDescription: '仅使用手机端采集数据，无后台菜单',
      enDescription: 'Collects data with the field app only; no back-office menus',
    },
    gov_viewer: {
      zh: '政府查看',
      en: 'Government viewer',
      zhDescription: '只读查看进度、统计和数据',
      enDescription: 'Read-only view of progress, statistics and data',
    },
  };

const byChineseName = new Map(Object.values(builtinRoles).map((r) => [r.zh, r]));

/**
 * The name to show for a role. With its code (role lists, the role switcher) the built-in is found
 * by code; lists that carry only the name (a user's roles, invitations) match the built-in default
 * name, which is what a built-in role holds until someone renames it.
 */
export function roleName(role: { name: string; code?: string | null | undefined }, lang: Lang): string {
  if (lang !== 'en') return role.name;
  const builtin = role.code ? builtinRoles[role.code] : byChineseName.get(role.name);
  return builtin && builtin.zh === role.name ? builtin.en : role.name;
}

/** A built-in role's description in the en locale, while it is the stored default. */
export function roleDescription(
  role: { description: string; code?: string | null | undefined },
  lang: Lang,
): string {
  if (lang !== 'en' || !role.code) return role.description;
  const builtin = builtinRoles[role.code];
  return builtin && builtin.zhDescription === role.description ? builtin.enDescription : role.description;
}

/** A resource (menu) title in the user's language: its English title when it has one. */
export function menuTitle(menu: { title: string; titleEn?: string | null | undefined }, lang: Lang): string {
  return lang === 'en' && menu.titleEn ? menu.titleEn : menu.title;
}
