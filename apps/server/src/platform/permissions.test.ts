import { ErrorCode } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { demoAccounts } from '../seed/demo.ts';

/**
 * The permission matrix (docs/decisions/0018-permission-matrix.md) as a table: which built-in roles may call
 * each route of the users/roles/resources/invitations and projects/metadata features in their project. The server
 * must refuse (40300) exactly the calls this table refuses, whatever the request contains.
 */
const projectAdminOnly = [
  'POST /api/user/userList',
  'POST /api/user/addUser',
  'POST /api/user/addUserInfo',
  'DELETE /api/user/deleteUser',
  'POST /api/user/resetPassword',
  'POST /api/user/resetPasswordByManager',
  'GET /api/user/queryPhone',
  'GET /api/user/prjTree4AddUser',
  'POST /api/user/verifyUserList',
  'POST /api/user/verify',
  'GET /api/auth/itemUser4Update',
  'POST /api/auth/updateRole',
  'DELETE /api/auth/deleteRole',
  'DELETE /api/user/delUserRoleRecord',
  'POST /api/user/listInvite',
  'POST /api/user/insertInvite',
  'POST /api/user/delInvite/',
  'POST /api/audit/list',
  'POST /api/project/addPrj1',
  'POST /api/project/setUpType',
  'POST /api/project/updateBdInfo',
  'POST /api/project/delBdInfo',
  // Section boundaries (issue 15): imported and cleared by project managers.
  'POST /api/project/importBdBoundary',
  'POST /api/project/clearBdBoundary',
  // Section assignment (issue 26): who records in which sections, set by project administrators.
  'POST /api/project/setMemberSections',
];
/** projects.read: every back-office role, not the field-only labour worker. */
const projectReaders = [
  'GET /api/project/detail',
  'POST /api/project/prj1BDList',
  'GET /api/project/selectBDInfo',
  'POST /api/project/prj1ManagerList',
  'POST /api/project/prj1UserList',
  'POST /apiproject/prj1UserList',
  'POST /api/project/storeUsageDataList',
  'GET /api/project/mainStore',
  'GET /api/project/bdBoundaries',
  'POST /api/project/memberSections',
];
const everyMember = [
  'GET /api/common/role',
  'GET /api/menu/list',
  'POST /api/user/addVisitUser/',
  'GET /api/dict/list',
  'POST /api/user/switchRole',
  'GET /api/user/selfInfo',
  'POST /api/user/editSelfInfo',
  'GET /api/project/showPrj1',
  'POST /api/project/prj1List',
  'POST /api/project/prj1StandCodeList',
  'GET /api/project/fzcsList',
  'GET /api/project/listFzcs4AddPrj1',
  'GET /api/user/prjTree4Fsdgl',
  'GET /api/project/areaListByParentCode',
  'GET /api/project/listArea4AddPrj1',
  'GET /api/standard/list',
  'GET /api/yinzi/list',
];
const superAdminOnly = [
  'POST /api/menu/save',
  'DELETE /api/menu/delete',
  'GET /api/system/summary',
  'POST /api/project/list',
  'POST /api/project/add',
  'POST /api/project/delete',
  'POST /api/project/restore',
  'POST /api/project/userList4Prj1',
  'POST /api/project/addPrj1User',
  'POST /api/project/delPrj1User',
  'POST /api/standard/saveTable',
  'POST /api/standard/saveColumn',
  'POST /api/standard/retireColumn',
  'POST /api/standard/retireTable',
  'POST /api/standard/saveMeasure',
  'POST /api/yinzi/save',
  'DELETE /api/yinzi/delete',
];

/** Workers (lwry): the roles besides the super administrator that may call each route. */
const workerRoutes: Record<string, string[]> = {
  'POST /api/lwryUser/lwryList': ['project_admin', 'supervisor', 'section_manager', 'gov_viewer'],
  'GET /api/lwryUser/detail': ['project_admin', 'supervisor', 'section_manager', 'gov_viewer'],
  'GET /api/lwryUser/loadIdCard': ['project_admin', 'supervisor', 'section_manager', 'gov_viewer'],
  'GET /api/lwryUser//lwryAqbbList': ['project_admin', 'supervisor', 'section_manager', 'gov_viewer'],
  'GET /api/lwryUser/lwryCensus': ['project_admin', 'supervisor', 'section_manager', 'gov_viewer'],
  'POST /api/lwryUser/insert': ['project_admin', 'section_manager'],
  'POST /api/lwryUser/update': ['project_admin', 'section_manager'],
  'DELETE /api/lwryUser/deleteOne': ['project_admin', 'section_manager'],
  'POST /api/lwryUser/updateAllowCard': ['project_admin', 'section_manager'],
  'POST /api/lwry/faceUpdate': ['project_admin', 'section_manager'],
  'GET /api/lwryUser/lwryFaceAdd': ['project_admin', 'section_manager'],
  'POST /api/lwryUser/examine': ['project_admin', 'supervisor'],
  'POST /api/lwryUser/unexamine': ['project_admin', 'supervisor'],
  'POST /api/lwryUser/lwryListExcelExport': ['project_admin', 'supervisor', 'section_manager'],
  // Burn points (fsd): read by every back-office role, managed by the project administrator.
  'POST /api/fsd/list': ['project_admin', 'supervisor', 'section_manager', 'gov_viewer'],
  'POST /api/fsd/census': ['project_admin', 'supervisor', 'section_manager', 'gov_viewer'],
  'POST /api/fsd/save': ['project_admin'],
  'POST /api/fsd/delete': ['project_admin'],
  'GET /api/lwryUser/clockInList': ['project_admin', 'supervisor', 'section_manager', 'gov_viewer'],
  // Fire reports (/api/summary/*): whoever reads the burn points.
  ...Object.fromEntries(
    [
      'fsYesterdayReport',
      'sevenDayReport',
      'fsdCheckPassList',
      'fsdCreateReportList',
      'fsdChartReport',
      'fszpylReport',
    ].map((p) => [
      `POST /api/summary/${p}`,
      ['project_admin', 'supervisor', 'section_manager', 'gov_viewer'],
    ]),
  ),
  // Safety ledger (issue #17): read by the project's staff, recorded by administrators and section managers.
  'POST /api/safe/list': ['project_admin', 'supervisor', 'section_manager'],
  'GET /api/safe/detail': ['project_admin', 'supervisor', 'section_manager'],
  'GET /api/safe/print': ['project_admin', 'supervisor', 'section_manager'],
  'POST /api/safe/save': ['project_admin', 'section_manager'],
};

const matrixRoutes = [
  ...projectAdminOnly,
  ...projectReaders,
  ...everyMember,
  ...superAdminOnly,
  ...Object.keys(workerRoutes),
];

/**
 * Routes the matrix leaves out on purpose, each with the access it must declare: open to anyone
 * (public), to every signed-in session whatever its roles (signing in and out, choosing a
 * project), or the file permissions, whose holders files.test.ts checks.
 */
const outsideMatrix: Record<string, string> = {
  'GET /api/health': 'public',
  'GET /api/system/init': 'public',
  'POST /api/system/init': 'public',
  'POST /api/user/login': 'public',
  'POST /api/user/loginPrj': 'public',
  'POST /api/user/register': 'public',
  'GET /api/user/self': 'session',
  'POST /api/user/loginOut': 'session',
  'POST /api/user/password': 'session',
  'POST /api/user/selectProject': 'session',
  'GET /api/user/userProjectTree': 'session',
  'POST /api/file/upload': 'files.upload',
  'GET /api/file/:id': 'files.read',
  'GET /api/oss/normalConfig': 'session',
  // Records: holders of the records permissions are checked in records.test.ts.
  'GET /api/media/:id': 'public',
  'POST /api/collect/records': 'files.upload',
  // The field app (clock-in checked in workers/clockIn.test.ts, setup and states in records).
  'POST /api/collect/clockIn': 'files.upload',
  'GET /api/collect/setup': 'files.upload',
  'POST /api/collect/states': 'files.upload',
  'POST /api/collect/mine': 'files.upload',
  'POST /api/sync/queryDataList': 'records.read',
  'POST /api/sync/queryDataDetail': 'records.read',
  'POST /api/sync/uploadData4PC': 'files.upload',
  'POST /api/data/examine': 'records.review',
  'POST /api/data/del': 'records.delete',
  'POST /api/data/restore': 'records.delete',
  'POST /api/data/update': 'records.edit',
  'POST /api/data/columnList': 'records.read',
  'POST /api/data/uploadColumns': 'records.read',
  'POST /api/sync/queryYmfsList': 'records.read',
  'GET /api/sync/queryYmfsDetail': 'records.read',
  'DELETE /api/data/delYmfs': 'records.delete',
  'POST /api/data/examineYmfs': 'records.review',
  'POST /api/data/updateYmfs': 'records.edit',
  'POST /api/sync/examineUserList': 'records.read',
  // Notices: a user's own notices (any session); sending to a project is checked in notices.test.ts.
  'POST /api/notice/list': 'session',
  'GET /api/notice/unreadCount': 'session',
  'POST /api/notice/read': 'session',
  'POST /api/notice/readAll': 'session',
  'GET /api/notice/stream': 'session',
  'POST /api/notice/send': 'users.manage',
  // Dead-tree census (ksss): read with records.read, imported with records.edit (deadTrees.test.ts).
  'POST /api/sync/ksssList': 'records.read',
  'POST /api/sync/ksssDetailList': 'records.read',
  'POST /api/sync/ksssExcelUploadList': 'records.read',
  'GET /api/sync/ksssUploadTask': 'records.read',
  'POST /api/sync/exportKsssList': 'records.read',
  'POST /api/sync/exportKsssDetail': 'records.read',
  'GET /api/sync/ksssTemplate': 'records.read',
  'POST /api/sync/ksssExcelUpload': 'records.edit',
  'POST /api/sync/ksssUploadCancel': 'records.edit',
  // QR tags (issue 15): holders of qrTags.manage are checked in qrTags.test.ts; the scan is open.
  'POST /api/qrInfo/list': 'qrTags.manage',
  'GET /api/qrInfo/getFlagList': 'qrTags.manage',
  'POST /api/qrInfo/add': 'qrTags.manage',
  'POST /api/qrInfo/export': 'qrTags.manage',
  'GET /api/qrInfo/scan': 'public',
  // Exports (issue 16): the caller's own exports (exports.test.ts checks another's are not found).
  'GET /api/download/recordList': 'session',
  'POST /api/download/cancel': 'session',
  'GET /api/download/file/:id': 'session',
  // Overview (issue 17): dashboard and progress, projects checked in overview.test.ts.
  'GET /api/home/data': 'dashboard.read',
  'GET /api/process/list': 'dashboard.read',
  'GET /api/process/export': 'dashboard.read',
  'GET /api/data/tableSummary': 'records.read',
  // GIS map (issue 17): the selected project's records, a section manager's sections (gisMap.test.ts).
  'GET /api/gis/setup': 'records.read',
  'GET /api/gis/cells': 'records.read',
  // 疑点 and 核对 (issue 26): roles and section scope checked in anomalies.test.ts, reconciliation.test.ts.
  'POST /api/anomaly/list': 'anomalies.read',
  'GET /api/anomaly/counts': 'anomalies.read',
  'GET /api/anomaly/record': 'anomalies.read',
  'POST /api/anomaly/explain': 'anomalies.explain',
  'POST /api/anomaly/confirm': 'anomalies.confirm',
  'POST /api/anomaly/reopen': 'anomalies.confirm',
  'GET /api/reconcile/summary': 'reconciliation.read',
  // 无人机巡查 (issue 32): roles and scope checked in features/drone/drone.test.ts; tiles and chips by signed URL.
  'GET /api/drone/orthophotos': 'records.read',
  'POST /api/drone/orthophotos': 'records.review',
  'GET /api/drone/orthophotos/:id': 'records.read',
  'PUT /api/drone/orthophotos/:id/parts/:n': 'records.review',
  'POST /api/drone/orthophotos/:id/complete': 'records.review',
  'DELETE /api/drone/orthophotos/:id': 'records.review',
  'POST /api/drone/orthophotos/:id/detect': 'records.review',
  'GET /api/drone/orthophotos/:id/candidates': 'records.read',
  'POST /api/drone/orthophotos/:id/threshold': 'records.review',
  'POST /api/drone/orthophotos/:id/issue': 'records.review',
  'GET /api/drone/candidates/:id': 'records.read',
  'POST /api/drone/candidates/:id/drop': 'records.review',
  'GET /api/drone/tasks': 'records.read',
  'GET /api/drone/field/tasks': 'project',
  'POST /api/drone/field/tasks/:id/check': 'project',
  'GET /api/drone/settings': 'records.read',
  'POST /api/drone/settings': 'records.review',
  'GET /api/drone/report': 'records.read',
  'GET /api/drone/tile/:id/:z/:x/:y': 'public',
  'GET /api/drone/chip/:id/:px/:py': 'public',
  'GET /api/reconcile/export': 'reconciliation.read',
  // 检查验收 (issue 30): roles, project and section scope checked in acceptance.test.ts.
  'POST /api/acceptance/draw': 'acceptance.manage',
  'GET /api/acceptance/list': 'acceptance.read',
  'GET /api/acceptance/sample': 'acceptance.read',
  'POST /api/acceptance/items': 'acceptance.read',
  'POST /api/acceptance/check': 'acceptance.manage',
  'GET /api/acceptance/export': 'acceptance.read',
  // Evidence checks (issue 30): thresholds and re-run by the 疑点 confirmers, evidence by its readers.
  'GET /api/evidence/status': 'anomalies.read',
  'POST /api/evidence/settings': 'anomalies.confirm',
  'GET /api/evidence/anomaly': 'anomalies.read',
};

describe('permission matrix of users, roles, resources and invitations', () => {
  let t: TestApp;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    tokens.set('super_admin', await t.initAdmin({ demo: true }));
    for (const demo of demoAccounts) {
      const token = await t.signIn(demo.account, 'pine2026');
      await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
      tokens.set(demo.role, token);
    }
    await t.api('POST', '/api/user/selectProject', {
      token: tokens.get('super_admin'),
      body: { prjCode: 'KH2026' },
    });
  });
  afterAll(() => t.close());

  it('covers every route of the feature', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    for (const route of matrixRoutes) expect(registered).toContain(route);
  });

  it('holds every registered route, and only registered ones (both ways)', () => {
    // The API documentation routes come from @fastify/swagger-ui, not from a feature.
    const registered = t.app.apiRoutes.filter((r) => !r.url.startsWith('/api/docs'));
    const listed = [...matrixRoutes, ...Object.keys(outsideMatrix)];
    expect(new Set(listed).size).toBe(listed.length);
    const missing = registered.map((r) => `${r.method} ${r.url}`).filter((r) => !listed.includes(r));
    expect(missing, 'routes neither in the matrix nor listed outside it').toEqual([]);
    const stale = listed.filter((r) => !registered.some((x) => `${x.method} ${x.url}` === r));
    expect(stale, 'rows naming no registered route').toEqual([]);
    for (const route of registered) {
      const key = `${route.method} ${route.url}`;
      if (key in outsideMatrix) expect(route.access, key).toBe(outsideMatrix[key]);
    }
  });

  const roles = ['super_admin', 'project_admin', 'supervisor', 'section_manager', 'worker', 'gov_viewer'];
  it.each(roles)('%s gets exactly the access the decision record gives', async (role) => {
    const token = tokens.get(role)!;
    for (const route of matrixRoutes) {
      const [method, url] = route.split(' ') as ['GET', string];
      // No body and no query: a permitted call fails validation (or succeeds for a plain read),
      // a refused one is stopped before validation.
      const res = (await t.app.inject({ method, url, headers: { token } })).json();
      const allowed =
        role === 'super_admin' ||
        everyMember.includes(route) ||
        (role === 'project_admin' && projectAdminOnly.includes(route)) ||
        (role !== 'worker' && projectReaders.includes(route)) ||
        Boolean(workerRoutes[route]?.includes(role));
      if (allowed) expect(res.code, `${role} ${route}`).not.toBe(ErrorCode.forbidden);
      else expect(res.code, `${role} ${route}`).toBe(ErrorCode.forbidden);
    }
  });
});
