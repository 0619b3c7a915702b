import { type AnomalyKind, format, type Lang, type Text } from '@pineguard/contract';

/**
 * An anomaly's evidence as a supervisor reads it in a table cell: short, in natural words, the
 * tag code left to its own column. The contract's `anomalyText` is the long sentence (notices);
 * this is the list's wording, with section codes turned into the section names the user knows.
 */
const templates: Record<AnomalyKind, Text> = {
  stump_high: {
    'zh-CN': '伐桩高 {stumpCm} cm（限 {limitCm} cm）',
    en: 'Stump {stumpCm} cm high (limit {limitCm} cm)',
  },
  count_fractional: {
    'zh-CN': '{field}为 {value}（应为整数）',
    en: '{field} is {value} (must be a whole number)',
  },
  tag_unknown: { 'zh-CN': '二维码从未发放', en: 'The tag was never issued' },
  tag_other_project: {
    'zh-CN': '二维码发放给了项目 {issuedTo}',
    en: 'The tag was issued to project {issuedTo}',
  },
  tag_felled_twice: {
    'zh-CN': '该二维码已于 {firstAt} 由另一条采伐记录使用',
    en: 'Already felled at {firstAt} by another record',
  },
  tag_burned_twice: {
    'zh-CN': '该二维码已于 {firstAt} 由另一条焚烧记录使用',
    en: 'Already burned at {firstAt} by another record',
  },
  burn_without_felling: {
    'zh-CN': '焚烧记录所列二维码没有采伐记录',
    en: 'No felling record names this tag',
  },
  burn_other_section: {
    'zh-CN': '采伐于{felledSection}，焚烧于{burnedSection}',
    en: 'Felled in {felledSection}, burned in {burnedSection}',
  },
  burn_late: {
    'zh-CN': '采伐后 {days} 天焚烧（时限 {windowDays} 天）',
    en: 'Burned {days} days after felling (window {windowDays} days)',
  },
  acceptance_failed: {
    'zh-CN': '检查验收不合格：{reasons}',
    en: 'Failed the acceptance check: {reasons}',
  },
  photo_time: {
    'zh-CN': '拍摄 {photoAt}，记录 {recordAt}',
    en: 'Taken {photoAt}, recorded {recordAt}',
  },
  photo_place: {
    'zh-CN': '拍摄地距记录点 {distanceM} 米（限 {limitM} 米）',
    en: 'Taken {distanceM} m away (limit {limitM} m)',
  },
  photo_duplicate: {
    'zh-CN': '与另一条记录的照片相同（差 {bits} 位）',
    en: "Same photo as another record's ({bits} bits apart)",
  },
  outside_section: {
    'zh-CN': '在标段范围外 {distanceM} 米（容差 {toleranceM} 米）',
    en: '{distanceM} m outside the section (tolerance {toleranceM} m)',
  },
  outside_county: {
    'zh-CN': '在县界外 {distanceM} 米',
    en: '{distanceM} m outside the county',
  },
};

/** The count fields a fractional count can be found in (server anomalies/chain.ts `countField`). */
const countFields: Record<string, Text> = {
  yimushuliang: { 'zh-CN': '疫木数量', en: 'Trees burned' },
  kssl: { 'zh-CN': '枯死株数', en: 'Dead trees' },
  tnsl: { 'zh-CN': '天牛数量', en: 'Beetles caught' },
};

const unknown: Text = { 'zh-CN': '未知', en: 'unknown' };

/** "2026-11-20 10:05:33" → "2026-11-20 10:05": minutes are enough to find the other record. */
const minutes = (v: string) => (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(v) ? v.slice(0, 16) : v);

function shown(value: unknown, lang: Lang): string {
  if (value === undefined || value === null || value === '') return unknown[lang];
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * One line saying what is wrong. `sectionName` turns section codes into names (falls back to
 * the code); missing evidence reads "未知" rather than a raw `{key}`.
 */
export function evidenceText(
  kind: AnomalyKind,
  evidence: Record<string, unknown>,
  lang: Lang,
  sectionName: (code: string) => string = (code) => code,
): string {
  const template = templates[kind]?.[lang];
  if (!template) return kind;
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(evidence)) params[key] = shown(value, lang);
  for (const key of template.match(/\{(\w+)\}/g) ?? []) {
    const name = key.slice(1, -1);
    if (!(name in params)) params[name] = unknown[lang];
  }
  if (typeof evidence.firstAt === 'string') params.firstAt = minutes(evidence.firstAt);
  if (kind === 'count_fractional' && typeof evidence.field === 'string') {
    params.field = countFields[evidence.field]?.[lang] ?? evidence.field;
  }
  if (kind === 'burn_other_section') {
    for (const key of ['felledSection', 'burnedSection']) {
      const code = evidence[key];
      if (typeof code === 'string' && code) params[key] = sectionName(code);
    }
  }
  return format(template, params);
}

const dateWords = {
  felled: { 'zh-CN': '采伐', en: 'felled' },
  burned: { 'zh-CN': '焚烧', en: 'burned' },
} satisfies Record<string, Text>;

/** The dates the one line leaves out (felled at, burned on), for a tooltip; undefined without any. */
export function evidenceDetail(evidence: Record<string, unknown>, lang: Lang): string | undefined {
  const parts: string[] = [];
  if (typeof evidence.felledAt === 'string')
    parts.push(`${dateWords.felled[lang]} ${minutes(evidence.felledAt)}`);
  if (typeof evidence.burnedAt === 'string') parts.push(`${dateWords.burned[lang]} ${evidence.burnedAt}`);
  return parts.length ? parts.join(' · ') : undefined;
}

/** Kinds whose evidence (photos, times, the map) opens beside the list (issue 30). */
export const hasEvidenceView = (kind: AnomalyKind) =>
  ['photo_time', 'photo_place', 'photo_duplicate', 'outside_section', 'outside_county'].includes(kind);
