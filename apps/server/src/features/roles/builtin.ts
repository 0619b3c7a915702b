import { type PermissionKey, projectPermissionKeys } from '@pineguard/contract';

/**
 * Built-in roles, created at first start (and never overwritten afterwards, so administrators
 * may adjust them; what later versions add reaches existing databases through
 * `builtinGrantChanges`). The super administrator is a flag on the user, not a role: it has every
 * permission in every project and the system-admin menus.
 */
export type BuiltinRole = {
  code: string;
  name: string;
  description: string;
  permissions: PermissionKey[];
  /** Menu ids granted; a parent's id grants the whole group. */
  menus: number[];
};

const allProjectMenus = [
  100, 200, 300, 400, 410, 420, 430, 440, 500, 600, 700, 5000, 800, 900, 1000, 1100, 1200,
];

export const builtinRoles: BuiltinRole[] = [
  {
    code: 'project_admin',
    name: '项目管理员',
    description: '管理本项目的人员、角色、标段和全部业务数据',
    // Everything a project role may hold: all but system administration.
    permissions: [...projectPermissionKeys],
    menus: allProjectMenus,
  },
  {
    code: 'supervisor',
    name: '监理',
    description: '审核、更正采集数据和劳务人员',
    permissions: [
      'files.read',
      'files.upload',
      'projects.read',
      'records.read',
      'records.review',
      'records.edit',
      'workers.read',
      'workers.review',
      'workers.export',
      'workers.idNumber',
      'burnPoints.read',
      'qrTags.manage',
      'exports.create',
      'dashboard.read',
      'safety.read',
      'anomalies.read',
      'anomalies.explain',
      'anomalies.confirm',
      'reconciliation.read',
      'acceptance.read',
      'acceptance.manage',
    ],
    menus: [100, 200, 300, 400, 410, 420, 430, 440, 500, 600, 701, 702, 703, 5000, 800, 900],
  },
  {
    code: 'section_manager',
    name: '标段负责人',
    description: '管理本标段的劳务人员，查看本标段数据',
    permissions: [
      'files.read',
      'files.upload',
      'projects.read',
      'records.read',
      'workers.read',
      'workers.manage',
      'workers.export',
      'workers.idNumber',
      'burnPoints.read',
      'exports.create',
      'dashboard.read',
      'safety.read',
      'safety.manage',
      'anomalies.read',
      'anomalies.explain',
      'reconciliation.read',
    ],
    menus: [100, 300, 400, 410, 420, 440, 500, 701, 703, 704, 705, 800, 900],
  },
  {
    code: 'worker',
    name: '劳务人员',
    description: '仅使用手机端采集数据，无后台菜单',
    permissions: ['files.upload', 'files.read'],
    menus: [],
  },
  {
    code: 'gov_viewer',
    name: '政府查看',
    description: '只读查看进度、统计和数据',
    permissions: [
      'files.read',
      'projects.read',
      'records.read',
      'workers.read',
      'burnPoints.read',
      'dashboard.read',
      'anomalies.read',
      'reconciliation.read',
      'acceptance.read',
      'acceptance.manage',
    ],
    menus: [100, 200, 300, 400, 410, 420, 430, 440, 500, 601, 603, 701, 703, 900],
  },
];

/**
 * What each version of the built-in roles ADDED to a role (permissions and menus), oldest first.
 * At start every built-in role whose `builtin_version` is older gains the later additions once,
 * then records the newest version: a permission an administrator removed afterwards is never
 * put back, and nothing is ever taken away. When a built-in role gains a permission or menu in
 * `builtinRoles`, add it here under the next version.
 */
export const builtinGrantChanges: {
  version: number;
  role: string;
  permissions: PermissionKey[];
  menus: number[];
}[] = [
  // Session 3: records deletion, the workers' export and full ID numbers, the split worker menus.
  {
    version: 2,
    role: 'project_admin',
    permissions: ['records.delete', 'workers.export', 'workers.idNumber'],
    menus: [],
  },
  {
    version: 2,
    role: 'supervisor',
    permissions: ['workers.export', 'workers.idNumber'],
    menus: [701, 702, 703],
  },
  {
    version: 2,
    role: 'section_manager',
    permissions: ['workers.export', 'workers.idNumber'],
    menus: [701, 703, 704, 705],
  },
  { version: 2, role: 'gov_viewer', permissions: [], menus: [701] },
  // Session 6: the fire reports' screen (603) for the government viewer (others hold all of 600).
  { version: 3, role: 'gov_viewer', permissions: [], menus: [603] },
  // Session 6: the safety ledger (issue #17).
  { version: 3, role: 'project_admin', permissions: ['safety.read', 'safety.manage'], menus: [] },
  { version: 3, role: 'supervisor', permissions: ['safety.read'], menus: [] },
  { version: 3, role: 'section_manager', permissions: ['safety.read', 'safety.manage'], menus: [] },
  // Issue 26: 疑点 and 核对. Section managers explain their sections' anomalies; supervisors (and
  // project administrators) confirm or reopen; the government viewer reads.
  {
    version: 4,
    role: 'project_admin',
    permissions: ['anomalies.read', 'anomalies.explain', 'anomalies.confirm', 'reconciliation.read'],
    menus: [410, 420],
  },
  {
    version: 4,
    role: 'supervisor',
    permissions: ['anomalies.read', 'anomalies.explain', 'anomalies.confirm', 'reconciliation.read'],
    menus: [410, 420],
  },
  {
    version: 4,
    role: 'section_manager',
    permissions: ['anomalies.read', 'anomalies.explain', 'reconciliation.read'],
    menus: [410, 420],
  },
  {
    version: 4,
    role: 'gov_viewer',
    permissions: ['anomalies.read', 'reconciliation.read'],
    menus: [410, 420],
  },
  // Issue 30: 检查验收. Supervisors and the government's inspectors draw samples and check them
  // (provincial acceptance is the government's own check); project administrators hold all.
  { version: 5, role: 'project_admin', permissions: ['acceptance.read', 'acceptance.manage'], menus: [430] },
  { version: 5, role: 'supervisor', permissions: ['acceptance.read', 'acceptance.manage'], menus: [430] },
  { version: 5, role: 'gov_viewer', permissions: ['acceptance.read', 'acceptance.manage'], menus: [430] },
  // Issue 32: 无人机巡查 (records.read to see it, records.review to upload, detect and issue tasks).
  { version: 6, role: 'project_admin', permissions: [], menus: [440] },
  { version: 6, role: 'supervisor', permissions: [], menus: [440] },
  { version: 6, role: 'section_manager', permissions: [], menus: [440] },
  { version: 6, role: 'gov_viewer', permissions: [], menus: [440] },
];

/** The newest version of the built-in grants (what a role created now starts at). */
export const BUILTIN_GRANTS_VERSION = Math.max(1, ...builtinGrantChanges.map((c) => c.version));
