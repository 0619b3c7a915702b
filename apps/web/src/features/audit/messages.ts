import { featureMessages } from '../../shared/featureT.ts';

const zh = {
  'col.time': '时间',
  'col.actor': '操作人',
  'col.action': '操作',
  'col.entity': '对象',
  'col.summary': '摘要',
  before: '修改前',
  after: '修改后',
  'entity.user': '用户',
  'entity.role': '角色',
  'entity.invitation': '邀请码',
  'entity.menu': '资源',
  'entity.grant': '授权',
  'filter.entity': '对象类型',
  'filter.keyword': '操作人 / 摘要',
  empty: '暂无操作记录',
} as const;
type Key = keyof typeof zh;
const en: Record<Key, string> = {
  'col.time': 'Time',
  'col.actor': 'By',
  'col.action': 'Action',
  'col.entity': 'Object',
  'col.summary': 'Summary',
  before: 'Before',
  after: 'After',
  'entity.user': 'User',
  'entity.role': 'Role',
  'entity.invitation': 'Invitation code',
  'entity.menu': 'Resource',
  'entity.grant': 'Grant',
  'filter.entity': 'Object type',
  'filter.keyword': 'Actor / summary',
  empty: 'No records',
};
export const { useT: useAuditT } = featureMessages<Key>(zh, en);
export const auditEntities = ['user', 'role', 'invitation', 'menu', 'grant'] as const;
