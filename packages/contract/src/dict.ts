import type { Lang, Text } from './i18n.ts';

/**
 * Enumerations the screens show, in one place: `GET /api/dict/list` returns them labelled in the
 * request's language, and the web may also import them directly.
 */
export const dictionaries = {
  sex: [
    { value: 1, label: { 'zh-CN': '男', en: 'Male' } },
    { value: 0, label: { 'zh-CN': '女', en: 'Female' } },
  ],
  userStatus: [
    { value: 'active', label: { 'zh-CN': '正常', en: 'Active' } },
    { value: 'pending', label: { 'zh-CN': '待审核', en: 'Pending review' } },
    { value: 'rejected', label: { 'zh-CN': '未通过', en: 'Rejected' } },
    { value: 'disabled', label: { 'zh-CN': '已停用', en: 'Disabled' } },
  ],
  clientType: [
    { value: 1, label: { 'zh-CN': '手机端', en: 'Field app' } },
    { value: 2, label: { 'zh-CN': '管理后台', en: 'Back-office' } },
  ],
  exportStatus: [
    { value: -1, label: { 'zh-CN': '已失效', en: 'Invalid' } },
    { value: 0, label: { 'zh-CN': '导出中', en: 'Exporting' } },
    { value: 1, label: { 'zh-CN': '已完成', en: 'Finished' } },
    { value: 2, label: { 'zh-CN': '下载失败', en: 'Download failed' } },
  ],
  downloadType: [
    { value: 1, label: { 'zh-CN': '地图文件', en: 'Map file' } },
    { value: 2, label: { 'zh-CN': 'EXCEL', en: 'EXCEL' } },
    { value: 3, label: { 'zh-CN': '其他', en: 'Other' } },
  ],
  auditAction: [
    { value: 'create', label: { 'zh-CN': '新增', en: 'Create' } },
    { value: 'update', label: { 'zh-CN': '修改', en: 'Update' } },
    { value: 'delete', label: { 'zh-CN': '删除', en: 'Delete' } },
    { value: 'approve', label: { 'zh-CN': '审核通过', en: 'Approve' } },
    { value: 'reject', label: { 'zh-CN': '审核驳回', en: 'Reject' } },
    { value: 'archive', label: { 'zh-CN': '归档', en: 'Archive' } },
    { value: 'restore', label: { 'zh-CN': '恢复', en: 'Restore' } },
    { value: 'revoke', label: { 'zh-CN': '作废', en: 'Revoke' } },
    { value: 'retire', label: { 'zh-CN': '停用', en: 'Retire' } },
    { value: 'resetPassword', label: { 'zh-CN': '重置密码', en: 'Reset password' } },
    { value: 'register', label: { 'zh-CN': '注册', en: 'Register' } },
    { value: 'join', label: { 'zh-CN': '加入项目', en: 'Join' } },
    { value: 'read', label: { 'zh-CN': '查看', en: 'View' } },
    { value: 'export', label: { 'zh-CN': '导出', en: 'Export' } },
  ],
} satisfies Record<string, { value: string | number; label: Text }[]>;

export type DictName = keyof typeof dictionaries;

export function localizedDictionaries(lang: Lang) {
  return Object.fromEntries(
    Object.entries(dictionaries).map(([name, items]) => [
      name,
      items.map((i) => ({ value: i.value, label: i.label[lang] })),
    ]),
  ) as Record<DictName, { value: string | number; label: string }[]>;
}
