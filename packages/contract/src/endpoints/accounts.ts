import { z } from 'zod';
import { auditItem, auditListBody } from '../audit.ts';
import {
  loginBody,
  loginPrjBody,
  loginPrjValue,
  loginValue,
  passwordBody,
  projectTreeNode,
  selectProjectBody,
  selectProjectValue,
  selfValue,
} from '../auth.ts';
import { noValue as none, pageOf } from '../envelope.ts';
import {
  addVisitUserBody,
  addVisitUserValue,
  delInviteBody,
  insertInviteBody,
  insertInviteValue,
  inviteItem,
  inviteListBody,
} from '../invitations.ts';
import { menuItemBody, menuRow } from '../menus.ts';
import {
  noticeItem,
  noticeListBody,
  noticeReadBody,
  noticeReadValue,
  noticeSendBody,
  noticeSendValue,
  noticeUnreadValue,
} from '../notices.ts';
import { editSelfInfoBody, selfInfoValue } from '../profile.ts';
import {
  delUserRoleQuery,
  roleDetailQuery,
  roleIdQuery,
  roleItem,
  roleListQuery,
  updateRoleBody,
} from '../roles.ts';
import { initBody, initStatusValue, initValue, systemSummaryValue } from '../system.ts';
import {
  addUserBody,
  addUserValue,
  editUserBody,
  queryPhoneQuery,
  queryPhoneValue,
  resetPasswordByManagerBody,
  resetPasswordValue,
  switchRoleBody,
  userIdBody,
  userIdQuery,
  userListBody,
  userListItem,
  verifyBody,
  verifyListBody,
} from '../users.ts';

/**
 * Accounts and the people behind them: signing in, the own profile, the first administrator,
 * users and their review, roles, menus, invitation codes, the audit log and the message centre.
 */
export const accountEndpoints = {
  // auth
  'POST /api/user/login': { body: loginBody, value: loginValue },
  'POST /api/user/loginPrj': { body: loginPrjBody, value: loginPrjValue },
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

  // notices (message centre)
  'POST /api/notice/list': { body: noticeListBody, value: pageOf(noticeItem) },
  'GET /api/notice/unreadCount': { value: noticeUnreadValue },
  'POST /api/notice/read': { body: noticeReadBody, value: noticeReadValue },
  'POST /api/notice/readAll': { value: noticeReadValue },
  'POST /api/notice/send': { body: noticeSendBody, value: noticeSendValue },
} as const;
