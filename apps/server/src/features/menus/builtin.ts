/**
 * The menus every installation starts with: each screen of the spec's route table (project
 * menus) and the system-admin menu (sysMenus). Ids are fixed so grants survive restarts;
 * 5000/5001 are the QR menu ids the spec names. Icons are names the web maps to icons.
 * Paths with `:prjCode` are filled with the selected project's code by the web app.
 */
export type BuiltinMenu = {
  id: number;
  pid?: number;
  scope?: 'project' | 'system';
  title: string;
  titleEn: string;
  icon?: string;
  path: string;
  redirect?: string;
  hidden?: boolean;
  description?: string;
};

export const builtinMenus: BuiltinMenu[] = [
  { id: 100, title: '首页', titleEn: 'Home', icon: 'dashboard', path: '/dashboard' },
  { id: 200, title: '枯死树详情', titleEn: 'Dead trees', icon: 'tree', path: '/kusishu' },
  { id: 300, title: '进度管理', titleEn: 'Progress', icon: 'chart', path: '/process' },
  { id: 400, title: '数据中心', titleEn: 'Data centre', icon: 'database', path: '/dataCenter' },
  // Issue 26: beside 数据中心, not children of it (a menu with children is a group in the sidebar,
  // and 数据中心 stays one click to its page); the web's routes /reconcile and /anomalies.
  {
    id: 410,
    title: '数据核对',
    titleEn: 'Reconciliation',
    icon: 'reconcile',
    path: '/reconcile',
    description: '采伐—挂码—焚烧按标段、按日核对',
  },
  {
    id: 420,
    title: '疑点核查',
    titleEn: 'Anomalies',
    icon: 'alert',
    path: '/anomalies',
    description: '需要核查的记录：伐桩过高、二维码链断裂、超期焚烧等',
  },
  // Issue 30: 检查验收 (the web's /acceptance): samples of approved records checked on site.
  {
    id: 430,
    title: '检查验收',
    titleEn: 'Acceptance checks',
    icon: 'audit',
    path: '/acceptance',
    description: '按标段分层抽样，现场检查伐桩、除害处理和清理，统计合格率',
  },
  // Issue 32: drone orthophotos, dead-crown candidates, verification tasks and the section report.
  {
    id: 440,
    title: '无人机巡查',
    titleEn: 'Drone survey',
    icon: 'map',
    path: '/drone',
    description: '正射影像识别枯死树冠，下发现场核查，采伐后自动关闭',
  },
  { id: 500, title: 'GIS地图', titleEn: 'GIS map', icon: 'map', path: '/gistest' },
  {
    id: 600,
    title: '焚烧点管理',
    titleEn: 'Burn points',
    icon: 'fire',
    path: '/fsdmanager',
    redirect: '/fsdmanager/census',
  },
  { id: 601, pid: 600, title: '焚烧点统计', titleEn: 'Burn point statistics', icon: 'chart', path: 'census' },
  { id: 602, pid: 600, title: '焚烧点列表', titleEn: 'Burn point list', icon: 'list', path: 'list' },
  // The six fire reports (issue 15): a screen of their own under the burn points.
  { id: 603, pid: 600, title: '焚烧报表', titleEn: 'Fire reports', icon: 'chart', path: 'report' },
  {
    id: 700,
    title: '劳务人员管理',
    titleEn: 'Workers',
    icon: 'team',
    path: '/lwrymanager',
    redirect: '/lwrymanager/list',
  },
  { id: 701, pid: 700, title: '劳务人员列表', titleEn: 'Worker list', icon: 'list', path: 'list' },
  { id: 702, pid: 700, title: '劳务人员审核', titleEn: 'Worker review', icon: 'audit', path: 'shenhe' },
  { id: 703, pid: 700, title: '劳务统计', titleEn: 'Worker statistics', icon: 'chart', path: 'laowucensus' },
  { id: 704, pid: 700, title: '新增劳务人员', titleEn: 'Add worker', path: 'add', hidden: true },
  { id: 705, pid: 700, title: '编辑劳务人员', titleEn: 'Edit worker', path: 'edit', hidden: true },
  {
    id: 5000,
    title: '二维码管理',
    titleEn: 'QR code management',
    icon: 'qrcode',
    path: '/qrcode',
    redirect: '/qrcode/list',
  },
  { id: 5001, pid: 5000, title: '二维码管理', titleEn: 'QR code management', icon: 'qrcode', path: 'list' },
  { id: 800, title: '安全台账', titleEn: 'Safety ledger', icon: 'safety', path: '/safe/:prjCode' },
  { id: 900, title: '消息中心', titleEn: 'Message centre', icon: 'message', path: '/messageCenter' },
  {
    id: 1000,
    title: '用户管理',
    titleEn: 'Users',
    icon: 'user',
    path: '/users',
    redirect: '/users/userList',
  },
  { id: 1001, pid: 1000, title: '用户列表', titleEn: 'User list', icon: 'user', path: 'userList' },
  { id: 1002, pid: 1000, title: '邀请码', titleEn: 'Invitation codes', icon: 'key', path: 'userInvitation' },
  { id: 1003, pid: 1000, title: '用户审核', titleEn: 'User review', icon: 'audit', path: 'verifyPage' },
  {
    id: 1100,
    title: '系统管理',
    titleEn: 'System',
    icon: 'setting',
    path: '/system',
    redirect: '/system/accountList',
  },
  { id: 1101, pid: 1100, title: '账号管理', titleEn: 'Accounts', icon: 'user', path: 'accountList' },
  { id: 1102, pid: 1100, title: '角色管理', titleEn: 'Roles', icon: 'team', path: 'roles' },
  { id: 1103, pid: 1100, title: '资源管理', titleEn: 'Resources', icon: 'menu', path: 'menu' },
  {
    id: 1200,
    title: '项目设置',
    titleEn: 'Project settings',
    icon: 'project',
    path: '/projectCenter/:prjCode',
  },

  {
    id: 2000,
    scope: 'system',
    title: '子系统首页',
    titleEn: 'Sub-system home',
    icon: 'dashboard',
    path: '/homeSys',
  },
  { id: 2100, scope: 'system', title: '元数据管理', titleEn: 'Metadata', icon: 'database', path: '/dataSys' },
  {
    id: 2101,
    pid: 2100,
    scope: 'system',
    title: '上报因子',
    titleEn: 'Reporting factors',
    icon: 'list',
    path: '/dataSys/yinzi',
    hidden: true,
  },
  { id: 2200, scope: 'system', title: '项目列表', titleEn: 'Projects', icon: 'project', path: '/projectSys' },
  {
    id: 2300,
    scope: 'system',
    title: '用户管理',
    titleEn: 'User management',
    icon: 'user',
    path: '/userSys',
  },
  {
    id: 2400,
    scope: 'system',
    title: '角色权限',
    titleEn: 'Role permissions',
    icon: 'team',
    path: '/roleSys',
  },
];
