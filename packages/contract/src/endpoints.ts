import { z } from 'zod';
// Through the package index (not the feature files) so that moving a schema between contract
// files does not touch this map. ESM resolves the cycle: every feature file is evaluated before
// this module's body runs, whichever side is imported first.
import {
  addMembersBody,
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
} from './index.ts';

/**
 * One API call: its request schema (a JSON body for POST, a query string for GET and DELETE;
 * none when the call takes nothing) and the schema of the envelope's `value`. The server's route
 * declares the same schemas, so a renamed field fails `tsc` on both sides.
 */
export type Endpoint = { body?: z.ZodType; query?: z.ZodType; value: z.ZodType };

const none = z.null();

/**
 * Every call the web app makes, keyed `METHOD path` exactly as the spec writes the path. Schemas
 * the server declares inline (small answers like `{ id }`) are written out here with a note.
 */
export const endpoints = {
  // auth
  'POST /api/user/login': { body: loginBody, value: loginValue },
  'GET /api/user/self': { value: selfValue },
  'POST /api/user/loginOut': { value: none },
  'POST /api/user/password': { body: passwordBody, value: none },
  'POST /api/user/selectProject': {
    body: selectProjectBody,
    value: z.object({ code: z.string(), name: z.string() }),
  },
  'GET /api/user/userProjectTree': { value: z.array(projectTreeNode) },
  'POST /api/user/switchRole': { body: switchRoleBody, value: loginValue },

  // profile
  'GET /api/user/selfInfo': { value: selfInfoValue },
  'POST /api/user/editSelfInfo': { body: editSelfInfoBody, value: selfInfoValue },

  // system
  'GET /api/system/init': { value: initStatusValue },
  'POST /api/system/init': { body: initBody, value: z.object({ account: z.string() }) },
  'GET /api/system/summary': {
    value: z.object({
      users: z.number(),
      projects: z.number(),
      pendingReviews: z.number(),
      onlineSessions: z.number(),
    }),
  },

  // users
  'POST /api/user/userList': { body: userListBody, value: pageOf(userListItem) },
  'POST /api/user/addUser': { body: addUserBody, value: z.object({ id: z.string() }) },
  'POST /api/user/addUserInfo': { body: editUserBody, value: none },
  'DELETE /api/user/deleteUser': { query: userIdQuery, value: none },
  'POST /api/user/resetPassword': { body: userIdBody, value: z.object({ password: z.string() }) },
  'POST /api/user/resetPasswordByManager': { body: resetPasswordByManagerBody, value: none },
  'GET /api/user/queryPhone': { query: queryPhoneQuery, value: z.object({ exists: z.boolean() }) },
  'GET /api/user/prjTree4AddUser': { value: z.array(projectTreeNode) },
  'POST /api/user/verifyUserList': { body: verifyListBody, value: pageOf(userListItem) },
  'POST /api/user/verify': { body: verifyBody, value: none },

  // roles
  'GET /api/common/role': {
    query: z.object({ prjCode: z.string().optional() }),
    value: z.array(roleItem),
  },
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
  'POST /api/user/insertInvite': {
    body: insertInviteBody,
    value: z.object({ id: z.string(), code: z.string() }),
  },
  'POST /api/user/delInvite/': { body: delInviteBody, value: none },
  'POST /api/user/addVisitUser/': {
    body: addVisitUserBody,
    value: z.object({ projectCode: z.string(), projectName: z.string() }),
  },

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
  'POST /api/project/updateBdInfo': { body: sectionBody, value: sectionItem },
  'POST /api/project/delBdInfo': { body: sectionIdBody, value: none },
  'POST /api/project/prj1UserList': { body: memberListBody, value: pageOf(projectMember) },
  'POST /api/project/prj1ManagerList': { body: managerListBody, value: z.array(projectMember) },
  'POST /api/project/userList4Prj1': { body: candidateListBody, value: pageOf(userListItem) },
  'POST /api/project/addPrj1User': { body: addMembersBody, value: z.object({ count: z.number().int() }) },
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
  'DELETE /api/yinzi/delete': { query: z.object({ code: z.string().max(40) }), value: none },
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
