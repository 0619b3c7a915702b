import type { Text } from './i18n.ts';

/**
 * Names of request fields as users know them, so a validation message can say which field is
 * wrong in the user's language. Keys are wire names (the last segment of an issue's path).
 */
export const fieldLabels: Record<string, Text> = {
  account: { 'zh-CN': '账号', en: 'Account' },
  password: { 'zh-CN': '密码', en: 'Password' },
  oldPassword: { 'zh-CN': '原密码', en: 'Old password' },
  newPassword: { 'zh-CN': '新密码', en: 'New password' },
  name: { 'zh-CN': '姓名', en: 'Name' },
  avatar: { 'zh-CN': '头像', en: 'Avatar' },
  sex: { 'zh-CN': '性别', en: 'Sex' },
  birthday: { 'zh-CN': '出生年月', en: 'Birth month' },
  phone: { 'zh-CN': '手机号', en: 'Phone' },
  client: { 'zh-CN': '客户端类型', en: 'Client type' },
  demo: { 'zh-CN': '演示数据', en: 'Demo data' },
  prjCode: { 'zh-CN': '项目编码', en: 'Project code' },
  kind: { 'zh-CN': '文件类别', en: 'File kind' },
  id: { 'zh-CN': '编号', en: 'ID' },
  code: { 'zh-CN': '邀请码', en: 'Invitation code' },
  roleId: { 'zh-CN': '角色', en: 'Role' },
  roleIds: { 'zh-CN': '角色', en: 'Roles' },
  userId: { 'zh-CN': '用户', en: 'User' },
  status: { 'zh-CN': '状态', en: 'Status' },
  keyword: { 'zh-CN': '关键字', en: 'Keyword' },
  reason: { 'zh-CN': '原因', en: 'Reason' },
  approve: { 'zh-CN': '审核结果', en: 'Decision' },
  description: { 'zh-CN': '描述', en: 'Description' },
  permissions: { 'zh-CN': '权限', en: 'Permissions' },
  menuIds: { 'zh-CN': '菜单', en: 'Menus' },
  expiresAt: { 'zh-CN': '有效期', en: 'Expiry' },
  maxUses: { 'zh-CN': '可用次数', en: 'Uses allowed' },
  title: { 'zh-CN': '菜单名称', en: 'Title' },
  path: { 'zh-CN': '路径', en: 'Path' },
  pid: { 'zh-CN': '上级菜单', en: 'Parent menu' },
  sort: { 'zh-CN': '排序', en: 'Order' },
  dataId: { 'zh-CN': '编号', en: 'ID' },
  pageNum: { 'zh-CN': '页码', en: 'Page number' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
};
