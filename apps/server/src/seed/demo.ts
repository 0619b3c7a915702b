import { clientPasswordHash } from '@pineguard/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  projectMeasures,
  projects,
  reportingFactors,
  roles,
  sections,
  userProjectRoles,
  userSections,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../platform/password.ts';

/**
 * The demo: two counties of Quzhou, Zhejiang (开化县 330824, 江山市 330881), one campaign
 * project each with three sections, and one account per built-in role. Fixed content, so two
 * runs produce the same data; running it again changes nothing.
 */
export const DEMO_PASSWORD = 'pine2026';

export const demoProjects = [
  {
    code: 'KH2026',
    name: '开化县2026年度松材线虫病疫木除治项目',
    areaCode: '330824',
    sections: [
      {
        code: 'KH-BD01',
        name: '第一标段（华埠镇、池淮镇）',
        contractor: '开化县绿源林业工程有限公司',
        areaCodes: ['330824115', '330824117'],
        plannedTrees: 12000,
      },
      {
        code: 'KH-BD02',
        name: '第二标段（马金镇、村头镇）',
        contractor: '衢州市森卫生态科技有限公司',
        areaCodes: ['330824116', '330824113'],
        plannedTrees: 9500,
      },
      {
        code: 'KH-BD03',
        name: '第三标段（齐溪镇、何田乡）',
        contractor: '浙江青松林业服务有限公司',
        areaCodes: ['330824109', '330824208'],
        plannedTrees: 8000,
      },
    ],
  },
  {
    code: 'JS2026',
    name: '江山市2026年度松材线虫病疫木除治项目',
    areaCode: '330881',
    sections: [
      {
        code: 'JS-BD01',
        name: '第一标段（贺村镇、上余镇）',
        contractor: '江山市林海除治工程有限公司',
        areaCodes: ['330881121', '330881116'],
        plannedTrees: 15000,
      },
      {
        code: 'JS-BD02',
        name: '第二标段（峡口镇、保安乡）',
        contractor: '浙江仙霞林业科技有限公司',
        areaCodes: ['330881119', '330881207'],
        plannedTrees: 11000,
      },
      {
        code: 'JS-BD03',
        name: '第三标段（廿八都镇、张村乡）',
        contractor: '衢州市绿盾生物防治有限公司',
        areaCodes: ['330881112', '330881214'],
        plannedTrees: 7000,
      },
    ],
  },
];

/** One account per built-in role; the project administrator belongs to both projects. */
export const demoAccounts = [
  { account: 'demo_admin', name: '周建国', role: 'project_admin', projects: ['KH2026', 'JS2026'] },
  { account: 'demo_jianli', name: '汪丽华', role: 'supervisor', projects: ['KH2026'] },
  { account: 'demo_bd', name: '余志强', role: 'section_manager', projects: ['KH2026'] },
  { account: 'demo_worker', name: '徐长根', role: 'worker', projects: ['KH2026'] },
  { account: 'demo_gov', name: '郑晓燕', role: 'gov_viewer', projects: ['KH2026', 'JS2026'] },
] as const;

/**
 * Field-worker accounts (role `worker`), two per section, each assigned to its section only
 * (user_sections); KH-BD01's first is demo_worker. The demo's records are theirs.
 */
export const demoFieldWorkers = [
  { account: 'demo_worker', name: '徐长根', projectCode: 'KH2026', sectionCode: 'KH-BD01' },
  { account: 'demo_kh01b', name: '余土根', projectCode: 'KH2026', sectionCode: 'KH-BD01' },
  { account: 'demo_kh02a', name: '程国庆', projectCode: 'KH2026', sectionCode: 'KH-BD02' },
  { account: 'demo_kh02b', name: '方水土', projectCode: 'KH2026', sectionCode: 'KH-BD02' },
  { account: 'demo_kh03a', name: '詹春生', projectCode: 'KH2026', sectionCode: 'KH-BD03' },
  { account: 'demo_kh03b', name: '鲁福明', projectCode: 'KH2026', sectionCode: 'KH-BD03' },
  { account: 'demo_js01a', name: '毛永福', projectCode: 'JS2026', sectionCode: 'JS-BD01' },
  { account: 'demo_js01b', name: '周冬生', projectCode: 'JS2026', sectionCode: 'JS-BD01' },
  { account: 'demo_js02a', name: '姜海平', projectCode: 'JS2026', sectionCode: 'JS-BD02' },
  { account: 'demo_js02b', name: '祝德胜', projectCode: 'JS2026', sectionCode: 'JS-BD02' },
  { account: 'demo_js03a', name: '杨火旺', projectCode: 'JS2026', sectionCode: 'JS-BD03' },
  { account: 'demo_js03b', name: '童金水', projectCode: 'JS2026', sectionCode: 'JS-BD03' },
] as const;

/** Who reviews each project's records: KH2026's supervisor, and JS2026's (made by the demo load). */
export const demoSupervisors: Record<string, string> = { KH2026: 'demo_jianli', JS2026: 'demo_jianli_js' };

/** Fields that recur across forms, ready to be copied into a standard table. */
export const demoFactors = [
  {
    code: 'weather',
    value: '天气',
    fldDescript: '作业当天天气，雨天不得焚烧',
    fldInput: 'select',
    rules: {
      required: true,
      options: ['晴', '多云', '阴', '小雨', '大雨'].map((label, i) => ({ value: String(i + 1), label })),
    },
  },
  {
    code: 'xiaoban',
    value: '小班号',
    fldDescript: '森林资源二类调查小班编号',
    fldInput: 'text',
    rules: { required: true, maxLength: 20 },
  },
  {
    code: 'zuoyerenshu',
    value: '作业人数',
    fldDescript: '当班在场的劳务人员人数',
    fldInput: 'number',
    rules: { min: 1, max: 200, unit: '人' },
  },
  {
    code: 'haiba',
    value: '海拔',
    fldDescript: '作业点海拔高度',
    fldInput: 'number',
    rules: { min: 0, max: 3000, unit: 'm' },
  },
];

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

export async function seedDemo(db: Tx): Promise<void> {
  await db
    .insert(projects)
    .values(
      demoProjects.map(({ code, name, areaCode }) => ({
        code,
        name,
        areaCode,
        year: 2026,
        ownerUnit: code === 'KH2026' ? '开化县林业局' : '江山市林业局',
        startDate: '2026-09-01',
        endDate: '2027-04-30',
        description: '2026年秋季至2027年4月松材线虫病疫木除治，清理一株、登记一株、上传一株',
      })),
    )
    .onConflictDoNothing();
  // Each project uses felling, burning and the dead-pine survey.
  await db
    .insert(projectMeasures)
    .values(
      demoProjects.flatMap((p) =>
        ['cfcz', 'ymfs', 'ksdc'].map((measureCode) => ({ projectCode: p.code, measureCode })),
      ),
    )
    .onConflictDoNothing();
  await db.insert(reportingFactors).values(demoFactors).onConflictDoNothing();
  await db
    .insert(sections)
    .values(demoProjects.flatMap((p) => p.sections.map((s) => ({ ...s, projectCode: p.code }))))
    .onConflictDoNothing();

  const roleRows = await db
    .select({ id: roles.id, code: roles.code })
    .from(roles)
    .where(
      inArray(
        roles.code,
        demoAccounts.map((a) => a.role),
      ),
    );
  const roleId = new Map(roleRows.map((r) => [r.code, r.id]));

  // One scrypt for the five (each takes ~0.1 s): they share the published demo password anyway.
  let passwordHash: string | undefined;
  for (const demo of demoAccounts) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.account, demo.account));
    let userId = existing?.id;
    if (!userId) {
      passwordHash ??= await hashPassword(clientPasswordHash(DEMO_PASSWORD));
      const [created] = await db
        .insert(users)
        .values({
          account: demo.account,
          name: demo.name,
          passwordHash,
          introduction: '演示账号',
        })
        .returning({ id: users.id });
      userId = created?.id;
    }
    const role = roleId.get(demo.role);
    if (!userId || !role) throw new Error(`Demo account ${demo.account} could not be created`);
    await db
      .insert(userProjectRoles)
      .values(demo.projects.map((projectCode) => ({ userId: userId as string, projectCode, roleId: role })))
      .onConflictDoNothing();
  }
  // demo_worker records in KH-BD01 only (a worker without a section records nowhere).
  const [worker] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'demo_worker'));
  if (worker)
    await db
      .insert(userSections)
      .values({ userId: worker.id, projectCode: 'KH2026', sectionCode: 'KH-BD01' })
      .onConflictDoNothing();
  // The section manager account runs the first section of KH2026.
  const [bd] = await db.select({ id: users.id }).from(users).where(eq(users.account, 'demo_bd'));
  if (bd) {
    await db
      .update(sections)
      .set({ managerId: bd.id })
      .where(and(eq(sections.projectCode, 'KH2026'), eq(sections.code, 'KH-BD01')));
  }
}
