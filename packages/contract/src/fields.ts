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
  pageNum: { 'zh-CN': '页码', en: 'Page number' },
  pageSize: { 'zh-CN': '每页条数', en: 'Page size' },
};
