import { randomUUID } from 'node:crypto';
import { clientPasswordHash, ErrorCode } from '@pineguard/contract';

/**
 * The cross-project sweep's map (cross-project.test.ts): what each field of each route refers to
 * in project B, the plain values that get a request past validation, the extras a route needs,
 * and what counts as a refusal. A new route's field that looks like a reference must be mapped
 * here, or the sweep fails naming it.
 */

export type Kind =
  | 'project'
  | 'user'
  | 'role'
  | 'section'
  | 'sectionCode'
  | 'record'
  | 'worker'
  | 'workerIdNumber'
  | 'file'
  | 'invitation'
  | 'roleFilter'
  | 'sectionFilter'
  | 'qrFlag'
  | 'burnPoint'
  | 'safetyRecord'
  | 'anomaly'
  | 'acceptanceSample'
  | 'orthophoto'
  | 'droneCandidate';
/**
 * Filters of a list in A's project (a section or role of B as a search condition, an ID number
 * looked up) may answer 0, with an empty list: those are checked for holding none of B's data.
 */
export const filters: Kind[] = ['roleFilter', 'sectionFilter', 'workerIdNumber'];

/** What a field of a route refers to in B: by route first, then by field name everywhere. */
export function kindOf(method: string, path: string, field: string): Kind | 'none' | undefined {
  const byRoute: Record<string, Kind | 'none'> = {
    // Not references to a project's data: new objects' own codes, global catalogues, enums.
    'POST /api/project/add code': 'none',
    'POST /api/project/addPrj1 code': 'none',
    'POST /api/project/updateBdInfo code': 'none',
    'POST /api/standard/saveTable code': 'none',
    'POST /api/standard/saveColumn code': 'none',
    'POST /api/standard/retireColumn code': 'none',
    // Standard tables and control measures are global catalogues (system.admin), not project data.
    'POST /api/standard/retireTable code': 'none',
    'POST /api/standard/saveMeasure code': 'none',
    'POST /api/standard/saveMeasure standardTableCode': 'none',
    'POST /api/yinzi/save code': 'none',
    'DELETE /api/yinzi/delete code': 'none',
    'POST /api/project/updateBdInfo managerId': 'user',
    'GET /api/auth/itemUser4Update dataId': 'role',
    'POST /api/data/examineYmfs pid': 'record',
    'GET /api/lwryUser/loadIdCard idNumber': 'workerIdNumber',
    'POST /api/user/userList roleId': 'roleFilter',
    'POST /api/sync/queryDataList biaoduan': 'sectionFilter',
    'POST /api/sync/queryYmfsList biaoduan': 'sectionFilter',
    'POST /api/lwryUser/lwryList sectionCode': 'sectionFilter',
    'POST /api/lwryUser/lwryListExcelExport sectionCode': 'sectionFilter',
    // A sub-compartment code is a free text filter inside the selected project's census (every
    // query is scoped by the session's project), not a reference to another project's row.
    'POST /api/sync/ksssList xiaobanCode': 'none',
    'POST /api/sync/ksssDetailList xiaobanCode': 'none',
    'POST /api/sync/ksssExcelUploadList xiaobanCode': 'none',
    'POST /api/sync/exportKsssList xiaobanCode': 'none',
    'POST /api/sync/exportKsssDetail xiaobanCode': 'none',
    'POST /api/lwryUser/examine userId': 'worker',
    // The field app's clock-in: its uuid is the device's new id; the face is a file reference.
    'POST /api/collect/clockIn uuid': 'none',
    'POST /api/collect/clockIn faceFileId': 'file',
    // Joining a project with its invitation code is what the code is for (anyone signed in).
    'POST /api/user/addVisitUser/ code': 'none',
    'POST /api/user/register code': 'none',
    // Notices belong to a user, not a project: other users' ids are ignored (notices.test.ts).
    'POST /api/notice/read noticeIds': 'none',
    // A township is a GB/T 2260 area (a global catalogue); the service checks it is in the project county.
    'POST /api/fsd/save townshipCode': 'none',
    // An export belongs to the user who asked (any project): another's is not found (exports.test.ts).
    'POST /api/download/cancel id': 'none',
    'GET /api/download/file/{id} id': 'none',
    // The field app's states answer the caller's own records only; B's id gets no answer
    // (records.test.ts sweeps it): nothing to refuse.
    'POST /api/collect/states ids': 'none',
    // Safety ledger (issue #17): a section as a list filter.
    'POST /api/safe/list sectionCode': 'sectionFilter',
    // A multipart upload the sweep cannot send; boundaries.test.ts names B's section from A (not found).
    'POST /api/project/importBdBoundary sectionId': 'none',
    // 疑点 (issue 26): a record's anomalies name the record; sections are list filters.
    'GET /api/anomaly/record id': 'record',
    'POST /api/anomaly/list sectionCode': 'sectionFilter',
    'GET /api/reconcile/summary sectionCode': 'sectionFilter',
    'GET /api/reconcile/export sectionCode': 'sectionFilter',
    // 检查验收 (issue 30): a check names the sampled record; its clientId is the device's new id.
    'POST /api/acceptance/check recordId': 'record',
    'POST /api/acceptance/check sampleId': 'acceptanceSample',
    'POST /api/acceptance/check clientId': 'none',
    // Drone tasks (issue 32): the check's photo is a file reference.
    'POST /api/drone/field/tasks/{id}/check photoFileId': 'file',
    'GET /api/drone/tasks sectionCode': 'sectionFilter',
    // Parts are raw bytes the sweep cannot send; drone.test.ts refuses B's orthophoto for them.
    'PUT /api/drone/orthophotos/{id}/parts/{n} id': 'none',
  };
  const route = byRoute[`${method} ${path} ${field}`];
  if (route) return route;
  if (field === 'id') {
    if (/^\/api\/user\/delInvite/.test(path)) return 'invitation';
    if (/^\/api\/user\//.test(path)) return 'user';
    if (/^\/api\/auth\//.test(path)) return 'role';
    if (/^\/api\/(file|media)\//.test(path)) return 'file';
    if (/^\/api\/(sync|data)\//.test(path)) return 'record';
    if (/^\/api\/project\//.test(path)) return 'section';
    if (/^\/api\/lwry/.test(path)) return 'worker';
    if (/^\/api\/fsd\//.test(path)) return 'burnPoint';
    if (/^\/api\/safe\//.test(path)) return 'safetyRecord';
    if (/^\/api\/evidence\//.test(path)) return 'anomaly';
    if (/^\/api\/acceptance\//.test(path)) return 'acceptanceSample';
    if (/^\/api\/drone\/orthophotos\//.test(path)) return 'orthophoto';
    if (/^\/api\/drone\/(candidates|field\/tasks)\//.test(path)) return 'droneCandidate';
    if (/^\/api\/menu\//.test(path)) return 'none'; // menus are global (system.admin)
    return undefined;
  }
  const byName: Record<string, Kind | 'none'> = {
    prjCode: 'project',
    projectCode: 'project',
    projectcode: 'project',
    userId: 'user',
    userIds: 'user',
    roleId: 'role',
    roleIds: 'role',
    ids: 'record',
    lwryId: 'worker',
    sectionCode: 'sectionCode',
    sectionCodes: 'sectionCode',
    biaoduan: 'sectionCode',
    fileId: 'file',
    faceFileIds: 'file',
    idCardFront: 'file',
    idCardBack: 'file',
    faceId: 'none', // a face row of the worker named by id (the worker is the reference)
    avatar: 'none', // the caller's own picture
    // Global catalogues and values, not a project's objects.
    areaCode: 'none',
    areaCodes: 'none',
    parentCode: 'none',
    measureCodes: 'none',
    menuIds: 'none',
    tbName: 'none',
    tableCode: 'none',
    prjStandCode: 'none',
    code_result: 'none',
    idNumber: 'none',
    pid: 'none',
    // QR tag batches (issue 15).
    flagId: 'qrFlag',
    parentId: 'qrFlag',
    // Safety ledger (issue #17).
    attendeeIds: 'worker',
    photoIds: 'file',
  };
  if (field in byName) return byName[field];
  return /(id|ids|code|codes)$/i.test(field) ? undefined : 'none';
}

/** Plausible values for fields that are not references, so a request passes validation. */
export const plain: Record<string, unknown> = {
  account: 'xp_probe',
  password: clientPasswordHash('xp123456'),
  newPassword: clientPasswordHash('xp654321'),
  oldPassword: clientPasswordHash('xp123456'),
  name: '跨项目探针',
  phone: '13900000000',
  idNumber: '11010519491231002X',
  reason: '跨项目探针',
  action: 'approve',
  fields: { beizhu: 'x' },
  permissions: [],
  menuIds: [],
  title: 'x',
  path: '/x',
  bxStart: '2026-01-01',
  bxEnd: '2026-12-31',
  // A 检查验收 sample's dates.
  begin: '2026-01-01',
  end: '2026-11-26',
  yimushuliang: 1,
  allowCard: 1,
  sectionCode: 'KH-BD01',
  biaoduan: 'KH-BD01',
  prjStandCode: 'gbksdc0101',
  tbName: 'gbksdc0101',
  tableCode: 'gbksdc0101',
  code_result: 20,
  // The GIS map's viewport (a real box: east of west, north of south).
  zoom: 8,
  west: 117,
  south: 28,
  east: 120,
  north: 31,
  topic: '跨项目探针',
  heldOn: '2026-05-01',
  dateBegin: '2026-05-01',
  dateEnd: '2026-05-31',
};

/** Optional fields a route needs to get past its own checks to the reference under test. */
export const extras: Record<string, (probed: string) => Record<string, unknown>> = {
  // A face update takes a new file or an existing face, one of them.
  'POST /api/lwry/faceUpdate': (probed) => (probed === 'fileId' ? {} : { faceId: randomUUID() }),
  // Tags go to a new batch (a name) or an existing one (flagId), one of them.
  'POST /api/qrInfo/add': (probed) => (probed === 'flagId' ? {} : { flagName: '跨项目探针批次' }),
  // A burn point of A is placed in A's county (开化县), so only the probed reference can refuse it.
  'POST /api/fsd/save': () => ({ gpsLong: 118.41, gpsLat: 29.14 }),
};

/**
 * The house's refusals of another project's object: forbidden (40300 otherProject), not found
 * (40400), or a validation answer (40000) that says the object is not in this project.
 */
export const refused = (code: number, message: string) =>
  code === ErrorCode.forbidden ||
  code === ErrorCode.notFound ||
  (code === ErrorCode.validation && /不属于|不存在|其他项目|不能在本项目|不是本项目/.test(message));
