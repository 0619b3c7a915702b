import type { ComponentType } from 'react';
import type { MessageKey } from '../locales/index.ts';

/** Route meta as the original template knew it (admin-shell.md "Route meta"). */
export type RouteMeta = {
  title?: MessageKey;
  icon?: string;
  /** Not in the sidebar (the sidebar comes from server menus; kept for the rules). */
  hidden?: boolean;
  /** Pinned tab that cannot be closed. */
  affix?: boolean;
  /** Page is not kept alive when its tab is in the background. */
  noCache?: boolean;
  /** Roles that may open it; none means open to every signed-in user. */
  roles?: string[];
  /** Leave out of the breadcrumb. */
  breadcrumb?: false;
  /** Which sidebar item to highlight. */
  activeMenu?: string;
  /**
   * The server's menu catalogue has a (hidden) menu for this very path: only that menu grants the
   * route, never the page it highlights (issue 29: /lwrymanager/add is not opened by holding
   * /lwrymanager/list).
   */
  ownMenu?: boolean;
};

export type PageModule = () => Promise<{ default: ComponentType }>;

export type RouteDef = {
  path: string;
  /** Name used for the keep-alive cache (pages without a name are not cached). */
  name?: string;
  meta?: RouteMeta;
  /** Where the route itself goes ('noRedirect': breadcrumb item is plain text). */
  redirect?: string;
  page?: PageModule;
  children?: RouteDef[];
};

// Each screen is its own chunk: the first route loads only what it needs.
const pages = {
  login: () => import('../features/auth/LoginPage.tsx'),
  init: () => import('../features/system/pages/InitPage.tsx'),
  authRedirect: () => import('../features/auth/AuthRedirectPage.tsx'),
  selectProject: () => import('../features/projects/SelectProjectPage.tsx'),
  dashboard: () => import('../features/overview/pages/DashboardPage.tsx'),
  progressCounty: () => import('../features/overview/pages/ProgressCountyPage.tsx'),
  progressSection: () => import('../features/overview/pages/ProgressSectionPage.tsx'),
  progressTownship: () => import('../features/overview/pages/ProgressTownshipPage.tsx'),
  notFound: () => import('../shared/ui/NotFoundPage.tsx'),
  unauthorised: () => import('../shared/ui/UnauthorisedPage.tsx'),
  redirect: () => import('./RedirectPage.tsx'),
  userList: () => import('../features/users/pages/UserListPage.tsx'),
  userInvitation: () => import('../features/invitations/pages/InvitationsPage.tsx'),
  messageCenter: () => import('../features/notices/pages/MessageCenterPage.tsx'),
  verifyPage: () => import('../features/users/pages/VerifyPage.tsx'),
  accountList: () => import('./screens/AccountListScreen.tsx'),
  roles: () => import('../features/roles/pages/RolesPage.tsx'),
  menu: () => import('../features/menus/pages/MenuPage.tsx'),
  homeSys: () => import('../features/system/pages/HomeSysPage.tsx'),
  systemAccess: () => import('./screens/SystemAccessScreen.tsx'),
  projectSys: () => import('../features/projects/pages/ProjectSysPage.tsx'),
  projectCenter: () => import('../features/projects/pages/ProjectCenterPage.tsx'),
  dataSys: () => import('../features/standards/pages/DataSysPage.tsx'),
  yinzi: () => import('../features/standards/pages/YinziPage.tsx'),
  dataView: () => import('../features/records/pages/DataViewPage.tsx'),
  dataCenter: () => import('../features/records/pages/DataCenterPage.tsx'),
  lwryList: () => import('../features/workers/pages/WorkerListPage.tsx'),
  lwryShenhe: () => import('../features/workers/pages/WorkerReviewPage.tsx'),
  lwryCensus: () => import('../features/workers/pages/WorkerCensusPage.tsx'),
  lwryForm: () => import('../features/workers/pages/WorkerFormPage.tsx'),
  kusishu: () => import('../features/deadTrees/pages/KusishuPage.tsx'),
  qrList: () => import('../features/qrTags/pages/QrListPage.tsx'),
  qrScan: () => import('../features/qrTags/pages/ScanPage.tsx'),
  fsdList: () => import('../features/burnPoints/pages/BurnPointListPage.tsx'),
  fsdCensus: () => import('../features/burnPoints/pages/BurnPointCensusPage.tsx'),
  fsdReport: () => import('../features/burnReports/pages/FireReportPage.tsx'),
  gisMap: () => import('../features/gisMap/pages/GisMapPage.tsx'),
  safe: () => import('../features/safety/pages/SafetyLedgerPage.tsx'),
  reconcile: () => import('../features/reconciliation/pages/ReconcilePage.tsx'),
  anomalies: () => import('../features/anomalies/pages/AnomaliesPage.tsx'),
  acceptance: () => import('../features/acceptance/pages/AcceptancePage.tsx'),
  drone: () => import('../features/drone/pages/DronePage.tsx'),
} satisfies Record<string, PageModule>;

/** A screen that is built: its page under its title. */
const screen = (
  path: string,
  name: string,
  title: MessageKey,
  page: PageModule,
  extra: RouteMeta = {},
): RouteDef => ({ path, name, meta: { title, ...extra }, page });

/** Pages without the layout (spec §2). */
export const bareRoutes: RouteDef[] = [
  { path: '/login', meta: { title: 'route.login' }, page: pages.login },
  { path: '/init', meta: { title: 'route.init' }, page: pages.init },
  { path: '/auth-redirect', meta: { title: 'route.authRedirect' }, page: pages.authRedirect },
  { path: '/selectProject', meta: { title: 'route.selectProject' }, page: pages.selectProject },
  { path: '/404', meta: { title: 'route.notFound' }, page: pages.notFound },
  { path: '/401', meta: { title: 'route.unauthorised' }, page: pages.unauthorised },
  // A scanned QR tag (issue 15): open with or without a session.
  { path: '/q/:code', meta: { title: 'route.qrScan' }, page: pages.qrScan },
];

/** Pages inside the layout: the whole route table of spec §2, children relative to parents. */
export const layoutRoutes: RouteDef[] = [
  {
    path: '/redirect/*',
    meta: { hidden: true, breadcrumb: false },
    page: pages.redirect,
  },
  {
    path: '/',
    redirect: '/dashboard',
    children: [
      {
        path: 'dashboard',
        name: 'Dashboard',
        meta: { title: 'route.dashboard', icon: 'dashboard', affix: true },
        page: pages.dashboard,
      },
    ],
  },
  screen('/kusishu', 'Kusishu', 'route.kusishu', pages.kusishu, { icon: 'tree' }),
  {
    path: '/process',
    meta: { title: 'route.process', icon: 'chart' },
    children: [
      {
        path: '',
        name: 'Process',
        meta: { breadcrumb: false, title: 'route.process' },
        page: pages.progressCounty,
      },
      screen('processX/:id/:type', 'ProcessX', 'route.processX', pages.progressCounty, {
        hidden: true,
        activeMenu: '/process',
      }),
      screen('processB/:id/:type', 'ProcessB', 'route.processB', pages.progressSection, {
        hidden: true,
        activeMenu: '/process',
      }),
      screen('processZ/:id/:type', 'ProcessZ', 'route.processZ', pages.progressTownship, {
        hidden: true,
        activeMenu: '/process',
      }),
    ],
  },
  {
    path: '/users',
    redirect: '/users/userList',
    meta: { title: 'route.users', icon: 'user' },
    children: [
      screen('userList', 'UserList', 'route.userList', pages.userList),
      screen('userInvitation', 'UserInvitation', 'route.userInvitation', pages.userInvitation),
      screen('verifyPage', 'VerifyPage', 'route.verifyPage', pages.verifyPage),
    ],
  },
  {
    path: '/system',
    redirect: '/system/accountList',
    meta: { title: 'route.system', icon: 'setting' },
    children: [
      screen('accountList', 'AccountList', 'route.accountList', pages.accountList),
      screen('roles', 'Roles', 'route.roles', pages.roles),
      screen('menu', 'Menu', 'route.menu', pages.menu),
    ],
  },
  screen('/dataView/:id', 'DataView', 'route.dataView', pages.dataView, {
    hidden: true,
    activeMenu: '/dataCenter',
  }),
  screen('/safe/:id', 'Safe', 'route.safe', pages.safe, { icon: 'safety' }),
  screen('/messageCenter', 'MessageCenter', 'route.messageCenter', pages.messageCenter, { icon: 'message' }),
  screen('/gistest', 'Gistest', 'route.gistest', pages.gisMap, { icon: 'map' }),
  {
    path: '/fsdmanager',
    redirect: '/fsdmanager/census',
    meta: { title: 'route.fsdmanager', icon: 'fire' },
    children: [
      screen('list', 'FsdList', 'route.fsdList', pages.fsdList),
      screen('census', 'FsdCensus', 'route.fsdCensus', pages.fsdCensus),
      screen('report', 'FsdReport', 'route.fsdReport', pages.fsdReport),
    ],
  },
  {
    path: '/lwrymanager',
    redirect: '/lwrymanager/list',
    meta: { title: 'route.lwrymanager', icon: 'team' },
    children: [
      screen('list', 'LwryList', 'route.lwryList', pages.lwryList),
      screen('shenhe', 'LwryShenhe', 'route.lwryShenhe', pages.lwryShenhe),
      screen('laowucensus', 'LwryCensus', 'route.lwryCensus', pages.lwryCensus),
      // Add and edit close after save (spec §2); they are never kept alive.
      screen('add', 'LwryAdd', 'route.lwryAdd', pages.lwryForm, {
        hidden: true,
        noCache: true,
        activeMenu: '/lwrymanager/list',
        ownMenu: true,
      }),
      screen('edit', 'LwryEdit', 'route.lwryEdit', pages.lwryForm, {
        hidden: true,
        noCache: true,
        activeMenu: '/lwrymanager/list',
        ownMenu: true,
      }),
    ],
  },
  screen('/projectCenter/:id', 'ProjectCenter', 'route.projectCenter', pages.projectCenter, {
    icon: 'project',
  }),
  screen('/dataCenter', 'DataCenter', 'route.dataCenter', pages.dataCenter, { icon: 'database' }),
  // Issue 26: felled → tagged → burned per section and day, and the records that need a look.
  screen('/reconcile', 'Reconcile', 'route.reconcile', pages.reconcile, { icon: 'audit' }),
  screen('/anomalies', 'Anomalies', 'route.anomalies', pages.anomalies, { icon: 'alert' }),
  // Issue 30: 检查验收, samples of approved records checked on site.
  screen('/acceptance', 'Acceptance', 'route.acceptance', pages.acceptance, { icon: 'audit' }),
  // Issue 32: drone orthophotos → candidates → verification tasks → closed by a felling.
  screen('/drone', 'Drone', 'route.drone', pages.drone, { icon: 'map' }),
  screen('/homeSys', 'HomeSys', 'route.homeSys', pages.homeSys, { icon: 'dashboard' }),
  {
    path: '/dataSys',
    meta: { title: 'route.dataSys', icon: 'database' },
    children: [
      {
        path: '',
        name: 'DataSys',
        meta: { breadcrumb: false, title: 'route.dataSys' },
        page: pages.dataSys,
      },
      screen('yinzi', 'Yinzi', 'route.yinzi', pages.yinzi, { hidden: true, activeMenu: '/dataSys' }),
    ],
  },
  {
    path: '/qrcode',
    redirect: '/qrcode/list',
    meta: { title: 'route.qrcode', icon: 'qrcode' },
    children: [screen('list', 'QrcodeList', 'route.qrcode', pages.qrList)],
  },
  screen('/projectSys', 'ProjectSys', 'route.projectSys', pages.projectSys, { icon: 'project' }),
  // One shared screen under two paths (spec §2).
  screen('/userSys', 'UserSys', 'route.userSys', pages.systemAccess, { icon: 'user' }),
  screen('/roleSys', 'RoleSys', 'route.roleSys', pages.systemAccess, { icon: 'team' }),
];

/** Paths open without a token (spec §2). */
export const whiteList = ['/login', '/auth-redirect', '/init'];

export const homePath = '/dashboard';
