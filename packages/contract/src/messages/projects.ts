import type { Text } from '../i18n.ts';

/**
 * Projects and their sections, members and areas; what a project or section still holds when
 * someone deletes it (the holds* parts are joined into {holdings}).
 */
export const projectMessages = {
  projectCodeTaken: { 'zh-CN': '项目编码 {code} 已存在', en: 'The project code {code} already exists' },
  projectHasData: {
    'zh-CN': '项目仍有 {holdings}，不能删除；请先移走这些内容（空项目删除后归档，可由超级管理员恢复）',
    en: 'The project still holds {holdings} and cannot be deleted; remove them first (an empty project is archived and can be restored by the super administrator)',
  },
  projectHasWorkers: {
    'zh-CN': '项目还有 {count} 名劳务人员，不能删除',
    en: 'The project still has {count} workers and cannot be deleted',
  },
  sectionHasWorkers: {
    'zh-CN': '标段还有 {count} 名劳务人员（含已删除的记录），不能删除',
    en: 'The section still has {count} workers (deleted ones included) and cannot be deleted',
  },
  sectionCodeInUse: {
    'zh-CN': '标段编码已被使用（{holdings}），不能修改；可以修改标段名称',
    en: 'The section code is in use ({holdings}) and cannot change; the name can',
  },
  sectionHasData: {
    'zh-CN': '标段仍有 {holdings}，不能删除',
    en: 'The section still holds {holdings} and cannot be deleted',
  },
  holdsSections: { 'zh-CN': '{n} 个标段', en: '{n} section(s)' },
  holdsMembers: { 'zh-CN': '{n} 名成员', en: '{n} member(s)' },
  holdsFiles: { 'zh-CN': '{n} 个文件', en: '{n} file(s)' },
  holdsRecords: { 'zh-CN': '{n} 条采集记录', en: '{n} collected record(s)' },
  projectArchived: { 'zh-CN': '项目已归档', en: 'The project was archived' },
  projectRestored: { 'zh-CN': '项目已恢复', en: 'The project was restored' },
  holdsWorkers: { 'zh-CN': '{n} 名劳务人员', en: '{n} worker(s)' },
  areaInvalid: {
    'zh-CN': '行政区划编码 {code} 不存在',
    en: 'No administrative division has the code {code}',
  },
  areaOutsideProject: {
    'zh-CN': '乡镇 {code} 不在项目所在地区内',
    en: 'Township {code} is not inside the project area',
  },
  sectionCodeTaken: { 'zh-CN': '标段编码 {code} 已存在', en: 'The section code {code} already exists' },
  tooManySections: {
    'zh-CN': '每个项目最多 {max} 个标段',
    en: 'A project can have at most {max} sections',
  },
  membersAdded: { 'zh-CN': '已添加 {count} 人', en: 'Added {count} people' },
  memberRemoved: { 'zh-CN': '已移出项目', en: 'Removed from the project' },
  usersNotActive: {
    'zh-CN': '只能添加已启用的账号：{accounts}',
    en: 'Only active accounts can be added: {accounts}',
  },
  measureUnknown: { 'zh-CN': '防治措施 {code} 不存在', en: 'No control measure has the code {code}' },
  hasRecords: {
    'zh-CN': '已有 {count} 条采集记录，不能删除',
    en: 'It has {count} collected records and cannot be deleted',
  },
  sectionNotFound: { 'zh-CN': '标段不存在', en: 'No such section' },
} satisfies Record<string, Text>;
