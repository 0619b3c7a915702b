import { z } from 'zod';
// Through the package index (not the feature files) so that moving a schema between contract
// files does not touch this map. ESM resolves the cycle: every feature file is evaluated before
// this module's body runs, whichever side is imported first.
import {
  anomalyEndpoints,
  reconcileEndpoints,
  memberSectionsBody,
  memberSectionsItem,
  memberSectionsValue,
  setMemberSectionsBody,
  sectionBoundaryItem,
  reportBody,
  yesterdayValue,
  sevenDayValue,
  checkPassListBody,
  createReportListBody,
  burnRecordPage,
  chartValue,
  ratioValue,
  tableSummaryQuery,
  tableSummaryValue,
  gisCellsQuery,
  gisCellsValue,
  gisSetupValue,
  homeDataQuery,
  homeDataValue,
  processListQuery,
  processListValue,
  addMembersBody,
  exportIdBody,
  exportRecord,
  exportRecordList,
  addUserBody,
  addVisitUserBody,
  auditItem,
  auditListBody,
  candidateListBody,
  columnDescriptor,
  delInviteBody,
  delUserRoleQuery,
  editSelfInfoBody,
  editUserBody,
  factorItem,
  initBody,
  initStatusValue,
  insertInviteBody,
  inviteItem,
  inviteListBody,
  loginBody,
  loginValue,
  managerListBody,
  measureItem,
  memberListBody,
  mainStoreValue,
  menuItemBody,
  menuRow,
  pageOf,
  pageQuery,
  passwordBody,
  prjCodeBody,
  projectBody,
  projectItem,
  projectListBody,
  projectMember,
  projectTreeNode,
  queryPhoneQuery,
  removeMemberBody,
  resetPasswordByManagerBody,
  retireColumnBody,
  retireTableBody,
  roleDetailQuery,
  roleIdQuery,
  roleItem,
  saveColumnBody,
  saveFactorBody,
  saveMeasureBody,
  saveTableBody,
  sectionBody,
  sectionIdBody,
  sectionItem,
  selectProjectBody,
  selfInfoValue,
  selfValue,
  setUpTypeBody,
  standardTableItem,
  switchRoleBody,
  updateRoleBody,
  userIdBody,
  userIdQuery,
  userListBody,
  userListItem,
  verifyBody,
  verifyListBody,
  areaNode,
  changedValue,
  columnListBody,
  columnListValue,
  createdValue,
  delYmfsQuery,
  examineBody,
  examineUserListValue,
  examineUserListBody,
  examineYmfsBody,
  queryDataListBody,
  queryDataListValue,
  queryYmfsListBody,
  recordDetailValue,
  recordIdBody,
  recordIdQuery,
  recordIdsBody,
  updateRecordBody,
  updateYmfsBody,
  uploadColumnsBody,
  collectSetupValue,
  collectBody,
  collectValue,
  collectStatesBody,
  collectStatesValue,
  collectMineBody,
  collectMineValue,
  uploadColumnsValue,
  uploadData4PCBody,
  ymfsDetailValue,
  addMembersValue,
  addUserValue,
  addVisitUserValue,
  factorCodeQuery,
  initValue,
  insertInviteValue,
  queryPhoneValue,
  resetPasswordValue,
  roleListQuery,
  selectProjectValue,
  systemSummaryValue,
  examineValue,
  faceUpdateBody,
  loadIdCardQuery,
  loadIdCardValue,
  lwryAqbbQuery,
  lwryCensusValue,
  lwryDetail,
  lwryFaceAddQuery,
  lwryFaceAddValue,
  lwryFaceList,
  lwryIdQuery,
  lwryInsertBody,
  lwryInsertValue,
  lwryListBody,
  lwryListValue,
  lwryUpdateBody,
  clockInBody,
  clockInValue,
  clockInListQuery,
  clockInListValue,
  noValue,
  updateAllowCardBody,
  workerExamineBody,
  ksssListBody,
  ksssListValue,
  ksssDetailListValue,
  ksssUploadListValue,
  ksssUploadItem,
  ksssUploadTaskQuery,
  ksssUploadCancelBody,
  flagListQuery,
  flagListValue,
  qrAddBody,
  qrAddValue,
  qrListBody,
  qrListValue,
  burnCensusValue,
  burnPointIdBody,
  burnPointItem,
  burnPointListBody,
  burnPointSaveBody,
  summaryBody,
} from './index.ts';
import {
  safetyDetail,
  safetyIdQuery,
  safetyItem,
  safetyListBody,
  safetyPrintQuery,
  safetyPrintValue,
  safetySaveBody,
} from './safety.ts';
// Imported from its own file: index.ts exports notices after this module.
import {
  noticeItem,
  noticeListBody,
  noticeReadBody,
  noticeReadValue,
  noticeSendBody,
  noticeSendValue,
  noticeUnreadValue,
} from './notices.ts';

/**
 * One API call: its request schema (a JSON body for POST, a query string for GET and DELETE;
 * none when the call takes nothing) and the schema of the envelope's `value`. The server's route
 * declares the same schemas, so a renamed field fails `tsc` on both sides.
 */
export type Endpoint = { body?: z.ZodType; query?: z.ZodType; value: z.ZodType };

const none = noValue;

/**
 * Every call the web app makes, keyed `METHOD path` exactly as the spec writes the path. Every
 * schema here is the one the server's route declares (imported from the feature's contract file),
 * so each request and reply shape is written once.
 */
export const endpoints = {
  // auth
  'POST /api/user/login': { body: loginBody, value: loginValue },
  'GET /api/user/self': { value: selfValue },
  'POST /api/user/loginOut': { value: none },
  'POST /api/user/password': { body: passwordBody, value: none },
  'POST /api/user/selectProject': { body: selectProjectBody, value: selectProjectValue },
  'GET /api/user/userProjectTree': { value: z.array(projectTreeNode) },
  'POST /api/user/switchRole': { body: switchRoleBody, value: loginValue },

  // profile
  'GET /api/user/selfInfo': { value: selfInfoValue },
  'POST /api/user/editSelfInfo': { body: editSelfInfoBody, value: selfInfoValue },

  // system
  'GET /api/system/init': { value: initStatusValue },
  'POST /api/system/init': { body: initBody, value: initValue },
  'GET /api/system/summary': { value: systemSummaryValue },

  // users
  'POST /api/user/userList': { body: userListBody, value: pageOf(userListItem) },
  'POST /api/user/addUser': { body: addUserBody, value: addUserValue },
  'POST /api/user/addUserInfo': { body: editUserBody, value: none },
  'DELETE /api/user/deleteUser': { query: userIdQuery, value: none },
  'POST /api/user/resetPassword': { body: userIdBody, value: resetPasswordValue },
  'POST /api/user/resetPasswordByManager': { body: resetPasswordByManagerBody, value: none },
  'GET /api/user/queryPhone': { query: queryPhoneQuery, value: queryPhoneValue },
  'GET /api/user/prjTree4AddUser': { value: z.array(projectTreeNode) },
  'POST /api/user/verifyUserList': { body: verifyListBody, value: pageOf(userListItem) },
  'POST /api/user/verify': { body: verifyBody, value: none },

  // roles
  'GET /api/common/role': { query: roleListQuery, value: z.array(roleItem) },
  'GET /api/auth/itemUser4Update': { query: roleDetailQuery, value: roleItem },
  'POST /api/auth/updateRole': { body: updateRoleBody, value: roleItem },
  'DELETE /api/auth/deleteRole': { query: roleIdQuery, value: none },
  'DELETE /api/user/delUserRoleRecord': { query: delUserRoleQuery, value: none },

  // menus
  'GET /api/menu/list': { value: z.array(menuRow) },
  'POST /api/menu/save': { body: menuItemBody, value: menuRow },
  'DELETE /api/menu/delete': { query: roleIdQuery, value: none },

  // invitations
  'POST /api/user/listInvite': { body: inviteListBody, value: pageOf(inviteItem) },
  'POST /api/user/insertInvite': { body: insertInviteBody, value: insertInviteValue },
  'POST /api/user/delInvite/': { body: delInviteBody, value: none },
  'POST /api/user/addVisitUser/': { body: addVisitUserBody, value: addVisitUserValue },

  // audit
  'POST /api/audit/list': { body: auditListBody, value: pageOf(auditItem) },

  // projects
  'POST /api/project/list': { body: projectListBody, value: pageOf(projectItem) },
  'POST /api/project/add': { body: projectBody, value: projectItem },
  'POST /api/project/addPrj1': { body: projectBody, value: projectItem },
  'POST /api/project/delete': { body: prjCodeBody, value: none },
  'POST /api/project/restore': { body: prjCodeBody, value: projectItem },
  'POST /api/project/setUpType': { body: setUpTypeBody, value: z.array(measureItem) },
  'POST /api/project/prj1StandCodeList': { body: prjCodeBody, value: z.array(standardTableItem) },
  'GET /api/project/fzcsList': { value: z.array(measureItem) },
  'GET /api/project/mainStore': { value: mainStoreValue },
  'POST /api/project/prj1BDList': { body: pageQuery, value: pageOf(sectionItem) },
  'POST /api/project/updateBdInfo': { body: sectionBody, value: sectionItem },
  'POST /api/project/delBdInfo': { body: sectionIdBody, value: none },
  'POST /api/project/prj1UserList': { body: memberListBody, value: pageOf(projectMember) },
  'POST /api/project/prj1ManagerList': { body: managerListBody, value: z.array(projectMember) },
  'POST /api/project/userList4Prj1': { body: candidateListBody, value: pageOf(userListItem) },
  'POST /api/project/addPrj1User': { body: addMembersBody, value: addMembersValue },
  'POST /api/project/delPrj1User': { body: removeMemberBody, value: none },

  // areas
  'GET /api/project/listArea4AddPrj1': { value: z.array(areaNode) },

  // standards
  'GET /api/standard/list': { value: z.array(standardTableItem) },
  'POST /api/standard/saveTable': { body: saveTableBody, value: standardTableItem },
  'POST /api/standard/saveColumn': { body: saveColumnBody, value: columnDescriptor },
  'POST /api/standard/retireColumn': { body: retireColumnBody, value: none },
  'POST /api/standard/retireTable': { body: retireTableBody, value: none },
  'POST /api/standard/saveMeasure': { body: saveMeasureBody, value: measureItem },
  'GET /api/yinzi/list': { value: z.array(factorItem) },
  'POST /api/yinzi/save': { body: saveFactorBody, value: factorItem },
  'DELETE /api/yinzi/delete': { query: factorCodeQuery, value: none },

  // workers (the Excel export answers a file: shared/http.ts `download`)
  'POST /api/lwryUser/lwryList': { body: lwryListBody, value: lwryListValue },
  'GET /api/lwryUser/detail': { query: lwryIdQuery, value: lwryDetail },
  'GET /api/lwryUser/loadIdCard': { query: loadIdCardQuery, value: loadIdCardValue },
  'POST /api/lwryUser/insert': { body: lwryInsertBody, value: lwryInsertValue },
  'POST /api/lwryUser/update': { body: lwryUpdateBody, value: none },
  'DELETE /api/lwryUser/deleteOne': { query: lwryIdQuery, value: none },
  'POST /api/lwryUser/updateAllowCard': { body: updateAllowCardBody, value: none },
  'POST /api/lwryUser/examine': { body: workerExamineBody, value: examineValue },
  'POST /api/lwry/faceUpdate': { body: faceUpdateBody, value: lwryFaceList },
  'GET /api/lwryUser/lwryFaceAdd': { query: lwryFaceAddQuery, value: lwryFaceAddValue },
  'GET /api/lwryUser//lwryAqbbList': { query: lwryAqbbQuery, value: lwryFaceList },
  'GET /api/lwryUser/lwryCensus': { value: lwryCensusValue },
  'POST /api/collect/clockIn': { body: clockInBody, value: clockInValue },
  'GET /api/lwryUser/clockInList': { query: clockInListQuery, value: clockInListValue },

  // records
  'POST /api/sync/queryDataList': { body: queryDataListBody, value: queryDataListValue },
  'POST /api/sync/queryDataDetail': { body: recordIdBody, value: recordDetailValue },
  'POST /api/sync/uploadData4PC': { body: uploadData4PCBody, value: createdValue },
  'POST /api/data/examine': { body: examineBody, value: changedValue },
  'POST /api/data/del': { body: recordIdsBody, value: changedValue },
  'POST /api/data/restore': { body: recordIdsBody, value: changedValue },
  'POST /api/data/update': { body: updateRecordBody, value: changedValue },
  'POST /api/data/columnList': { body: columnListBody, value: columnListValue },
  'POST /api/data/uploadColumns': { body: uploadColumnsBody, value: uploadColumnsValue },
  'POST /api/sync/queryYmfsList': { body: queryYmfsListBody, value: queryDataListValue },
  'GET /api/sync/queryYmfsDetail': { query: recordIdQuery, value: ymfsDetailValue },
  'DELETE /api/data/delYmfs': { query: delYmfsQuery, value: changedValue },
  'POST /api/data/examineYmfs': { body: examineYmfsBody, value: changedValue },
  'POST /api/data/updateYmfs': { body: updateYmfsBody, value: changedValue },
  'POST /api/sync/examineUserList': { body: examineUserListBody, value: examineUserListValue },
  'POST /api/collect/records': { body: collectBody, value: collectValue },
  'GET /api/collect/setup': { value: collectSetupValue },
  'POST /api/collect/states': { body: collectStatesBody, value: collectStatesValue },
  'POST /api/collect/mine': { body: collectMineBody, value: collectMineValue },
  // exports (the POST /python/export/* calls carry a query and a body: exports/api.ts sends them)
  'GET /api/download/recordList': { value: exportRecordList },
  'POST /api/download/cancel': { body: exportIdBody, value: exportRecord },

  // notices (message centre)
  'POST /api/notice/list': { body: noticeListBody, value: pageOf(noticeItem) },
  'GET /api/notice/unreadCount': { value: noticeUnreadValue },
  'POST /api/notice/read': { body: noticeReadBody, value: noticeReadValue },
  'POST /api/notice/readAll': { value: noticeReadValue },
  'POST /api/notice/send': { body: noticeSendBody, value: noticeSendValue },

  // deadTrees (ksss; the exports and the template answer files: shared/http.ts `download`)
  'POST /api/sync/ksssList': { body: ksssListBody, value: ksssListValue },
  'POST /api/sync/ksssDetailList': { body: ksssListBody, value: ksssDetailListValue },
  'POST /api/sync/ksssExcelUploadList': { body: ksssListBody, value: ksssUploadListValue },
  'GET /api/sync/ksssUploadTask': { query: ksssUploadTaskQuery, value: ksssUploadItem },
  'POST /api/sync/ksssUploadCancel': { body: ksssUploadCancelBody, value: ksssUploadItem },

  // qrTags
  'POST /api/qrInfo/list': { body: qrListBody, value: qrListValue },
  'GET /api/qrInfo/getFlagList': { query: flagListQuery, value: flagListValue },
  'POST /api/qrInfo/add': { body: qrAddBody, value: qrAddValue },
  'POST /api/project/memberSections': { body: memberSectionsBody, value: memberSectionsValue },
  'POST /api/project/setMemberSections': { body: setMemberSectionsBody, value: memberSectionsItem },
  // anomalies (its scan answer, with the tag's anomalies, replaces qrTags' own) and reconciliation
  ...anomalyEndpoints,
  ...reconcileEndpoints,

  // overview
  'GET /api/home/data': { query: homeDataQuery, value: homeDataValue },
  'GET /api/process/list': { query: processListQuery, value: processListValue },
  'GET /api/data/tableSummary': { query: tableSummaryQuery, value: tableSummaryValue },
  // burn points
  'GET /api/user/prjTree4Fsdgl': { value: z.array(projectTreeNode) },
  'POST /api/fsd/list': { body: burnPointListBody, value: pageOf(burnPointItem) },
  'POST /api/fsd/save': { body: burnPointSaveBody, value: burnPointItem },
  'POST /api/fsd/delete': { body: burnPointIdBody, value: none },
  'POST /api/fsd/census': { body: summaryBody, value: burnCensusValue },
  // section boundaries (the import itself is a multipart upload, outside this map)
  'GET /api/project/bdBoundaries': { value: z.array(sectionBoundaryItem) },
  'POST /api/project/clearBdBoundary': { body: sectionIdBody, value: none },
  // fire reports (burnReports)
  'POST /api/summary/fsYesterdayReport': { body: reportBody, value: yesterdayValue },
  'POST /api/summary/sevenDayReport': { body: reportBody, value: sevenDayValue },
  'POST /api/summary/fsdCheckPassList': { body: checkPassListBody, value: burnRecordPage },
  'POST /api/summary/fsdCreateReportList': { body: createReportListBody, value: burnRecordPage },
  'POST /api/summary/fsdChartReport': { body: reportBody, value: chartValue },
  'POST /api/summary/fszpylReport': { body: reportBody, value: ratioValue },
  // gisMap
  'GET /api/gis/setup': { value: gisSetupValue },
  'GET /api/gis/cells': { query: gisCellsQuery, value: gisCellsValue },
  // safety ledger
  'POST /api/safe/list': { body: safetyListBody, value: pageOf(safetyItem) },
  'GET /api/safe/detail': { query: safetyIdQuery, value: safetyDetail },
  'POST /api/safe/save': { body: safetySaveBody, value: safetyDetail },
  'GET /api/safe/print': { query: safetyPrintQuery, value: safetyPrintValue },
} as const satisfies Record<string, Endpoint>;

export type EndpointKey = keyof typeof endpoints;
type Def<K extends EndpointKey> = (typeof endpoints)[K];

/** What a call takes: the request schema's input type (defaults may be left out), or nothing. */
export type EndpointInput<K extends EndpointKey> =
  Def<K> extends { body: z.ZodType }
    ? z.input<Def<K>['body']>
    : Def<K> extends { query: z.ZodType }
      ? z.input<Def<K>['query']>
      : undefined;

/** What a call resolves with: the envelope's `value`. */
export type EndpointValue<K extends EndpointKey> = z.infer<Def<K>['value']>;
