import type { Text } from '../i18n.ts';

/**
 * Accounts: signing in and out, the first administrator, users and their review, roles, menus,
 * invitation codes, passwords and the own profile.
 */
export const accountMessages = {
  badCredentials: { 'zh-CN': '账号或密码错误', en: 'Wrong account or password' },
  accountDisabled: { 'zh-CN': '账号已停用', en: 'This account is disabled' },
  accountPending: {
    'zh-CN': '账号正在等待审核，审核通过后才能登录',
    en: 'Your account is waiting for review and cannot sign in yet',
  },
  accountRejected: {
    'zh-CN': '账号审核未通过：{reason}',
    en: 'Your account was not approved: {reason}',
  },
  alreadyInitialised: {
    'zh-CN': '系统已初始化，不能重复创建管理员',
    en: 'The system is already initialised',
  },
  rateLimited: {
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试',
    en: 'Too many failed sign-ins; try again in {minutes} minutes',
  },
  accountTaken: { 'zh-CN': '账号 {account} 已存在', en: 'The account {account} already exists' },
  phoneTaken: { 'zh-CN': '手机号已被其他账号使用', en: 'This phone number is used by another account' },
  userNotInProject: { 'zh-CN': '该用户不属于当前项目', en: 'This user is not in the current project' },
  cannotChangeSelf: {
    'zh-CN': '不能删除或停用自己的账号',
    en: 'You cannot delete or disable your own account',
  },
  cannotManageSuperAdmin: {
    'zh-CN': '超级管理员账号只能由超级管理员管理',
    en: 'Only super administrators can manage a super administrator',
  },
  userInOtherProjects: {
    'zh-CN': '该用户还属于其他项目，请改为移除其在本项目的角色',
    en: 'This user belongs to other projects too; remove their roles in this project instead',
  },
  accountSharedWithOtherProjects: {
    'zh-CN':
      '该用户还属于其他项目，其账号信息（密码、姓名、手机号、状态）只能由超级管理员或本人修改；您只能调整其在本项目的角色',
    en: 'This user belongs to other projects too: only a super administrator or the user may change their password, name, phone or status; you may change their roles in this project',
  },
  roleNotAssignable: {
    'zh-CN': '角色不存在或不能在本项目中分配',
    en: 'The role does not exist or cannot be assigned in this project',
  },
  builtInRoleReadonly: {
    'zh-CN': '内置角色和平台角色只能由超级管理员修改',
    en: 'Only super administrators can change built-in and platform roles',
  },
  roleInUse: {
    'zh-CN': '还有 {users} 个用户、{invites} 个邀请码使用该角色，不能删除',
    en: 'The role is still held by {users} users and {invites} invitation codes',
  },
  permissionNotAllowed: {
    'zh-CN': '项目角色不能授予系统管理权限：{keys}',
    en: 'A project role cannot grant system permissions: {keys}',
  },
  menuHasChildren: { 'zh-CN': '请先删除下级菜单', en: 'Delete the child menus first' },
  builtInMenuUndeletable: {
    'zh-CN': '内置菜单不能删除，可以设置为隐藏',
    en: 'Built-in menus cannot be deleted; hide them instead',
  },
  menuParentInvalid: { 'zh-CN': '上级菜单无效', en: 'The parent menu is not valid' },
  menuParentExternal: {
    'zh-CN': '外链菜单下不能添加子项',
    en: 'An external link cannot have child items',
  },
  inviteInvalid: {
    'zh-CN': '邀请码无效、已过期或已用完',
    en: 'The invitation code is invalid, expired or used up',
  },
  alreadyMember: { 'zh-CN': '您已经是该项目的成员', en: 'You are already a member of this project' },
  joinedProject: { 'zh-CN': '已加入项目：{name}', en: 'Joined project: {name}' },
  registered: {
    'zh-CN': '注册成功，请等待项目管理员审核',
    en: 'Registered; please wait for the project administrator to approve your account',
  },
  reasonRequired: { 'zh-CN': '驳回时请填写原因', en: 'Give a reason when rejecting' },
  notPending: { 'zh-CN': '该用户不在待审核状态', en: 'This user is not waiting for review' },
  passwordReset: {
    'zh-CN': '密码已重置为 {password}，请通知用户登录后尽快修改',
    en: 'The password was reset to {password}; ask the user to change it after signing in',
  },
  passwordSet: { 'zh-CN': '密码已重置', en: 'The password was reset' },
  roleSwitched: { 'zh-CN': '已切换角色', en: 'Role switched' },
  passwordChanged: { 'zh-CN': '密码修改成功', en: 'Password changed' },
  oldPasswordWrong: { 'zh-CN': '原密码错误', en: 'The old password is wrong' },
  profileSaved: { 'zh-CN': '个人信息已保存', en: 'Profile saved' },
  birthMonthFuture: { 'zh-CN': '出生年月不能晚于本月', en: 'The birth month cannot be in the future' },
  loggedOut: { 'zh-CN': '已退出登录', en: 'Logged out' },
} satisfies Record<string, Text>;
