import { z } from 'zod';
import type { Text } from './i18n.ts';

/**
 * 疑点 kinds (issue 26). Each is raised by the server on a write (or by migration 0022 for
 * fractional counts already stored); the record is always kept. Evidence keys per kind are
 * listed beside it; the screens show them.
 */
export const anomalyKinds = [
  /** A felling record's stump above STUMP_LIMIT_CM. evidence: { stumpCm, limitCm } */
  'stump_high',
  /** A tree count with decimals stored before integers were enforced. evidence: { field, value } */
  'count_fractional',
  /** A tag code never issued. evidence: { code } */
  'tag_unknown',
  /** A tag issued to another project. evidence: { code, issuedTo } */
  'tag_other_project',
  /** A tag named by a second felling record. evidence: { code, firstRecordId, firstAt } (otherRecordId) */
  'tag_felled_twice',
  /** A tag listed by a second burn record. evidence: { code, firstRecordId, firstAt } (otherRecordId) */
  'tag_burned_twice',
  /** A burn record lists a tag no felling names (yet). evidence: { code } — cleared when it arrives */
  'burn_without_felling',
  /** A tag burnt in another section than felled. evidence: { code, felledSection, burnedSection } */
  'burn_other_section',
  /** A tag burnt later than the project's window after felling. evidence: { code, felledAt, burnedAt, days, windowDays } */
  'burn_late',
] as const;
export type AnomalyKind = (typeof anomalyKinds)[number];
export const anomalyKind = z.enum(anomalyKinds);

export const anomalyStates = ['open', 'explained', 'confirmed', 'cleared'] as const;
export type AnomalyState = (typeof anomalyStates)[number];
export const anomalyState = z.enum(anomalyStates);

/** Chain kinds are about a QR tag; the others about the record's own values. */
export const chainKinds: readonly AnomalyKind[] = [
  'tag_unknown',
  'tag_other_project',
  'tag_felled_twice',
  'tag_burned_twice',
  'burn_without_felling',
  'burn_other_section',
  'burn_late',
];

export const anomalyKindLabels: Record<AnomalyKind, Text> = {
  stump_high: { 'zh-CN': '伐桩过高', en: 'Stump too high' },
  count_fractional: { 'zh-CN': '株数含小数', en: 'Tree count with decimals' },
  tag_unknown: { 'zh-CN': '二维码未发放', en: 'Tag never issued' },
  tag_other_project: { 'zh-CN': '二维码属其他项目', en: 'Tag of another project' },
  tag_felled_twice: { 'zh-CN': '二维码重复采伐', en: 'Tag felled twice' },
  tag_burned_twice: { 'zh-CN': '二维码重复焚烧', en: 'Tag burned twice' },
  burn_without_felling: { 'zh-CN': '焚烧无采伐记录', en: 'Burned without a felling' },
  burn_other_section: { 'zh-CN': '跨标段焚烧', en: 'Burned in another section' },
  burn_late: { 'zh-CN': '超期焚烧', en: 'Burned after the window' },
};

export const anomalyStateLabels: Record<AnomalyState, Text> = {
  open: { 'zh-CN': '待核查', en: 'Open' },
  explained: { 'zh-CN': '已说明', en: 'Explained' },
  confirmed: { 'zh-CN': '已确认', en: 'Confirmed' },
  cleared: { 'zh-CN': '已消除', en: 'Cleared' },
};
