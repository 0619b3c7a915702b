import { type PermissionKey, projectPermissionKeys } from '@pineguard/contract';

/**
 * Built-in roles, created at first start (and never overwritten afterwards, so administrators
 * may adjust them). The super administrator is a flag on the user, not a role: it has every
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

const allProjectMenus = [100, 200, 300, 400, 500, 600, 700, 5000, 800, 900, 1000, 1100, 1200];

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
    ],
    menus: [100, 200, 300, 400, 500, 600, 701, 702, 703, 5000, 800, 900],
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
    ],
    menus: [100, 300, 400, 500, 701, 703, 704, 705, 800, 900],
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
    ],
    menus: [100, 200, 300, 400, 500, 601, 701, 703, 900],
  },
];
