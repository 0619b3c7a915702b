import {
  type AnomalyKind,
  anomalyKindLabels,
  type AuditItem,
  dictionaries,
  format,
  type Lang,
} from '@pineguard/contract';
import { formatDateTime } from '../../shared/format.ts';

/**
 * The audit log in words: the server stores each action as entity + action + params (names,
 * never ids; see docs/decisions/0106-audit-log-sentences.md), and the web says it in the
 * reader's language from this catalogue. Keys are `entity.action` or `entity.action.kind`; `{reason}` is filled
 * with the "，理由：…" tail when a reason was given.
 */
const zh: Record<string, string> = {
  'user.create': '新增用户 {name}（{account}）',
  'user.update': '修改了用户 {name}（{account}）',
  'user.delete': '删除了用户 {name}（{account}）',
  'user.resetPassword': '重置了用户 {name}（{account}）的密码',
  'user.approve': '审核通过了用户 {name}（{account}）{reason}',
  'user.reject': '驳回了用户 {name}（{account}）的注册{reason}',
  'user.register': '用邀请码 {code} 注册了账号 {name}（{account}），角色为{role}',
  'role.create': '新增角色 {name}',
  'role.update': '修改了角色 {name}',
  'role.delete': '删除了角色 {name}',
  'grant.create': '把角色 {role} 授予 {accounts}',
  'grant.delete.role': '收回了 {name}（{account}）的角色 {role}',
  'grant.delete.member': '把 {name}（{account}）移出项目（原角色：{roles}）',
  'grant.update.sections': '把 {name}（{account}）的采集标段设为 {sections}',
  'grant.join': '用邀请码 {code} 加入项目 {project}，角色为{role}',
  'invitation.create': '生成邀请码 {code}（角色：{role}）',
  'invitation.revoke': '作废了邀请码 {code}',
  'menu.create': '新增资源 {name}',
  'menu.update': '修改了资源 {name}',
  'menu.delete': '删除了资源 {name}',
  'project.create': '新建项目 {name}（{code}）',
  'project.update': '修改了项目 {name}（{code}）',
  'project.update.measures': '设置了项目 {name} 的控制措施：{measures}',
  'project.archive': '删除（归档）了项目 {name}（{code}）',
  'project.restore': '恢复了项目 {name}（{code}）',
  'section.create': '新增标段 {name}（{code}）',
  'section.update': '修改了标段 {name}（{code}）',
  'section.delete': '删除了标段 {name}（{code}）',
  'section.update.boundary': '从文件 {file} 导入了标段 {name}（{code}）的边界（{vertices} 个点）',
  'section.update.boundaryCleared': '清除了标段 {name}（{code}）的边界',
  'standard.update.table': '修改了标准表 {name}（{code}）',
  'standard.create.column': '在标准表 {table} 中新增字段 {name}（{code}）',
  'standard.update.column': '修改了标准表 {table} 的字段 {name}（{code}）',
  'standard.retire.column': '停用了标准表 {table} 的字段 {name}（{code}）',
  'standard.retire.table': '停用了标准表 {name}（{code}）',
  'standard.create.measure': '为标准表 {table} 新增防治措施 {name}（{code}）',
  'standard.update.measure': '修改了标准表 {table} 的防治措施 {name}（{code}）',
  'standard.update.factor': '保存了上报因子 {name}（{code}）',
  'standard.delete.factor': '删除了上报因子 {name}（{code}）',
  'worker.create': '新增劳务人员 {name}',
  'safetyRecord.create': '登记安全台账 {name}',
  'anomaly.update.explain': '说明了疑点「{anomalyKind}」{tag}（标段 {section}）：{note}',
  'anomaly.update.confirm': '确认了疑点「{anomalyKind}」{tag}（标段 {section}）{note}',
  'anomaly.update.reopen': '重新打开了疑点「{anomalyKind}」{tag}（标段 {section}）{note}',
  'qrFlag.create': '在二维码批次 {name} 中生成了 {count} 个二维码',
  'qrFlag.export': '导出了二维码批次 {name}（{format}）',
  'worker.update': '修改了劳务人员 {name}',
  'worker.delete': '删除了劳务人员 {name}',
  'worker.approve': '审核通过了劳务人员 {name}{reason}',
  'worker.reject': '驳回了劳务人员 {name}{reason}',
  'worker.revoke': '撤销了劳务人员 {name} 的审核（退回待审核）',
  'worker.read.idNumber': '查看了劳务人员 {name} 的完整身份证号',
  'worker.export': '导出了劳务人员名单',
  'worker.export.fullIds': '导出了劳务人员名单（含完整身份证号）',
  reason: '，理由：{reason}',
  fallback: '{action}{entity}：{summary}',
};

const en: Record<string, string> = {
  'user.create': 'added the user {name} ({account})',
  'user.update': 'edited the user {name} ({account})',
  'user.delete': 'deleted the user {name} ({account})',
  'user.resetPassword': 'reset the password of {name} ({account})',
  'user.approve': 'approved the user {name} ({account}){reason}',
  'user.reject': 'rejected the registration of {name} ({account}){reason}',
  'user.register': 'registered the account {name} ({account}) with the code {code} as {role}',
  'role.create': 'added the role {name}',
  'role.update': 'edited the role {name}',
  'role.delete': 'deleted the role {name}',
  'grant.create': 'gave the role {role} to {accounts}',
  'grant.delete.role': 'took the role {role} from {name} ({account})',
  'grant.delete.member': 'removed {name} ({account}) from the project (roles: {roles})',
  'grant.update.sections': 'set the recording sections of {name} ({account}) to {sections}',
  'grant.join': 'joined the project {project} with the code {code} as {role}',
  'invitation.create': 'generated the invitation code {code} (role: {role})',
  'invitation.revoke': 'revoked the invitation code {code}',
  'menu.create': 'added the resource {name}',
  'menu.update': 'edited the resource {name}',
  'menu.delete': 'deleted the resource {name}',
  'project.create': 'created the project {name} ({code})',
  'project.update': 'edited the project {name} ({code})',
  'project.update.measures': 'set the control measures of {name}: {measures}',
  'project.archive': 'deleted (archived) the project {name} ({code})',
  'project.restore': 'restored the project {name} ({code})',
  'section.create': 'added the section {name} ({code})',
  'section.update': 'edited the section {name} ({code})',
  'section.delete': 'deleted the section {name} ({code})',
  'section.update.boundary':
    'imported the boundary of the section {name} ({code}) from {file} ({vertices} points)',
  'section.update.boundaryCleared': 'cleared the boundary of the section {name} ({code})',
  'standard.update.table': 'edited the standard table {name} ({code})',
  'standard.create.column': 'added the field {name} ({code}) to the standard table {table}',
  'standard.update.column': 'edited the field {name} ({code}) of the standard table {table}',
  'standard.retire.column': 'retired the field {name} ({code}) of the standard table {table}',
  'standard.retire.table': 'retired the standard table {name} ({code})',
  'standard.create.measure': 'added the control measure {name} ({code}) for the standard table {table}',
  'standard.update.measure': 'edited the control measure {name} ({code}) of the standard table {table}',
  'standard.update.factor': 'saved the report factor {name} ({code})',
  'standard.delete.factor': 'deleted the report factor {name} ({code})',
  'worker.create': 'added the worker {name}',
  'safetyRecord.create': 'recorded the safety session {name}',
  'anomaly.update.explain': 'explained the anomaly "{anomalyKind}" {tag} (section {section}): {note}',
  'anomaly.update.confirm': 'confirmed the anomaly "{anomalyKind}" {tag} (section {section}) {note}',
  'anomaly.update.reopen': 'reopened the anomaly "{anomalyKind}" {tag} (section {section}) {note}',
  'qrFlag.create': 'generated {count} QR tags in the batch {name}',
  'qrFlag.export': 'exported the QR tag batch {name} ({format})',
  'worker.update': 'edited the worker {name}',
  'worker.delete': 'deleted the worker {name}',
  'worker.approve': 'approved the worker {name}{reason}',
  'worker.reject': 'rejected the worker {name}{reason}',
  'worker.revoke': 'undid the review of the worker {name} (back to pending)',
  'worker.read.idNumber': 'viewed the full ID number of the worker {name}',
  'worker.export': 'exported the worker list',
  'worker.export.fullIds': 'exported the worker list with full ID numbers',
  reason: '; reason: {reason}',
  fallback: '{action} {entity}: {summary}',
};

const entityNames: Record<string, Record<Lang, string>> = {
  user: { 'zh-CN': '用户', en: 'user' },
  role: { 'zh-CN': '角色', en: 'role' },
  invitation: { 'zh-CN': '邀请码', en: 'invitation code' },
  menu: { 'zh-CN': '资源', en: 'resource' },
  grant: { 'zh-CN': '授权', en: 'grant' },
  project: { 'zh-CN': '项目', en: 'project' },
  section: { 'zh-CN': '标段', en: 'section' },
  standard: { 'zh-CN': '标准', en: 'standard' },
  worker: { 'zh-CN': '劳务人员', en: 'worker' },
  burnPoint: { 'zh-CN': '焚烧点', en: 'burn point' },
  safetyRecord: { 'zh-CN': '安全台账', en: 'safety record' },
  qrFlag: { 'zh-CN': '二维码批次', en: 'QR tag batch' },
  anomaly: { 'zh-CN': '疑点', en: 'anomaly' },
};

export const actionLabel = (action: string, lang: Lang) =>
  dictionaries.auditAction.find((d) => d.value === action)?.label[lang] ?? action;

const listOf = (v: unknown[], lang: Lang) => v.map(String).join(lang === 'en' ? ', ' : '、');

/** One action of the audit log as a sentence in the reader's language (the actor is said apart). */
export function auditSentence(item: AuditItem, lang: Lang): string {
  const catalogue = lang === 'en' ? en : zh;
  const params = item.params;
  const kind = typeof params?.kind === 'string' ? params.kind : '';
  const template =
    params &&
    ((kind && catalogue[`${item.entity}.${item.action}.${kind}`]) ||
      catalogue[`${item.entity}.${item.action}`]);
  if (!params || !template) {
    // Rows written before the log kept params: say the action and object, then the stored names.
    return format(catalogue.fallback!, {
      action: actionLabel(item.action, lang),
      entity: entityNames[item.entity]?.[lang] ?? item.entity,
      summary: item.summary,
    });
  }
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    values[key] = Array.isArray(value) ? listOf(value, lang) : value == null ? '' : String(value);
  }
  // The log stores the anomaly's kind as its code (no words of any language): said here.
  const kindLabel = anomalyKindLabels[values.anomalyKind as AnomalyKind];
  if (kindLabel) values.anomalyKind = kindLabel[lang];
  values.reason = values.reason ? format(catalogue.reason!, { reason: values.reason }) : '';
  return format(template, values);
}

const fieldLabels: Record<string, Record<Lang, string>> = {
  name: { 'zh-CN': '名称', en: 'Name' },
  account: { 'zh-CN': '账号', en: 'Account' },
  accounts: { 'zh-CN': '账号', en: 'Accounts' },
  phone: { 'zh-CN': '手机号', en: 'Phone' },
  status: { 'zh-CN': '状态', en: 'Status' },
  sex: { 'zh-CN': '性别', en: 'Sex' },
  role: { 'zh-CN': '角色', en: 'Role' },
  roles: { 'zh-CN': '角色', en: 'Roles' },
  title: { 'zh-CN': '标题', en: 'Title' },
  titleEn: { 'zh-CN': '英文标题', en: 'English title' },
  path: { 'zh-CN': '路径', en: 'Path' },
  redirect: { 'zh-CN': '重定向', en: 'Redirect' },
  icon: { 'zh-CN': '图标', en: 'Icon' },
  sort: { 'zh-CN': '排序', en: 'Sort' },
  hidden: { 'zh-CN': '隐藏', en: 'Hidden' },
  scope: { 'zh-CN': '范围', en: 'Scope' },
  description: { 'zh-CN': '描述', en: 'Description' },
  code: { 'zh-CN': '编码', en: 'Code' },
  value: { 'zh-CN': '名称', en: 'Name' },
  type: { 'zh-CN': '类型', en: 'Type' },
  required: { 'zh-CN': '必填', en: 'Required' },
  options: { 'zh-CN': '选项', en: 'Options' },
  permissions: { 'zh-CN': '接口权限', en: 'API permissions' },
  menuIds: { 'zh-CN': '菜单授权（项）', en: 'Menu grants (items)' },
  reason: { 'zh-CN': '理由', en: 'Reason' },
  expiresAt: { 'zh-CN': '有效期至', en: 'Expires' },
  maxUses: { 'zh-CN': '可用次数', en: 'Uses allowed' },
  uses: { 'zh-CN': '已用次数', en: 'Times used' },
  measures: { 'zh-CN': '控制措施', en: 'Control measures' },
  idNumber: { 'zh-CN': '身份证号', en: 'ID number' },
  startDate: { 'zh-CN': '开始日期', en: 'Start date' },
  endDate: { 'zh-CN': '结束日期', en: 'End date' },
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Bookkeeping and internal ids: never shown as changes. */
const hiddenField = (key: string, value: unknown) =>
  (typeof value === 'string' && uuid.test(value)) ||
  key === 'id' ||
  key === 'createdBy' ||
  key === 'passwordHash' ||
  key === 'avatar' ||
  key === 'isSuperAdmin' ||
  key === 'builtIn' ||
  /^(createdAt|updatedAt|deletedAt|archivedAt|lastLoginAt)$/.test(key) ||
  (key !== 'menuIds' && /(Id|Ids|Code)$/.test(key));

export type AuditChange = { field: string; label: string; before: string; after: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function show(key: string, value: unknown, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return lang === 'en' ? (value ? 'Yes' : 'No') : value ? '是' : '否';
  if (key === 'status' && typeof value === 'string')
    return dictionaries.userStatus.find((d) => d.value === value)?.label[lang] ?? value;
  if (key === 'sex' && typeof value === 'number')
    return dictionaries.sex.find((d) => d.value === value)?.label[lang] ?? String(value);
  if (key === 'menuIds' && Array.isArray(value)) return String(value.length);
  if (key.endsWith('At') && typeof value === 'string') return formatDateTime(value, { fallback: value });
  if (Array.isArray(value))
    return value.length
      ? listOf(
          value.map((v) => (isRecord(v) ? JSON.stringify(v) : v)),
          lang,
        )
      : '—';
  if (isRecord(value)) return JSON.stringify(value);
  return String(value);
}

/**
 * What changed, field by field: an edit lists the fields it set that differ from before; a
 * creation lists what was set, a deletion what was there.
 */
export function auditChanges(item: Pick<AuditItem, 'before' | 'after'>, lang: Lang): AuditChange[] {
  const wrap = (v: unknown) => (v == null ? null : isRecord(v) ? v : { value: v });
  const before = wrap(item.before);
  const after = wrap(item.after);
  const keys = after ? Object.keys(after) : before ? Object.keys(before) : [];
  return keys
    .filter((k) => !hiddenField(k, after?.[k] ?? before?.[k]))
    .filter((k) => (before && after ? !same(before[k], after[k]) : !same((after ?? before)![k], null)))
    .map((k) => ({
      field: k,
      label: fieldLabels[k]?.[lang] ?? k,
      before: before ? show(k, before[k], lang) : '—',
      after: after ? show(k, after[k], lang) : '—',
    }));
}
