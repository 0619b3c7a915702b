import type { MLang } from '../messages.ts';

/** The 检查验收 screens' texts (issue 30): kept beside them, Chinese first. */
const zh = {
  open: '验收',
  title: '检查验收',
  back: '返回',
  samples: '选择抽样',
  noSamples: '本项目还没有抽样，请在电脑端“检查验收”中抽取',
  loadFailed: '无法加载（离线时显示上次下载的清单）',
  cached: '离线清单，下载于 {at}',
  download: '下载清单',
  progress: '已检查 {checked}/{drawn}',
  unchecked: '未检查',
  passed: '合格',
  failed: '不合格',
  queued: '待上传',
  distance: '距离 {d} · 方位 {b}',
  noFix: '等待定位后显示距离',
  navigate: '导航',
  map: '地图',
  check: '检查',
  found: '现场找到该记录（伐桩/焚烧点）',
  stump: '实测伐桩高度（cm）',
  covered: '伐桩已覆盖/除害处理',
  branches: '枝桠已处理',
  disposal: '处置已核实',
  yes: '是',
  no: '否',
  photos: '检查照片',
  takePhoto: '拍照',
  remark: '备注',
  position: '检查位置',
  save: '保存检查',
  saved: '检查已保存，待上传',
  needStump: '请填写实测伐桩高度',
  outbox: '待上传检查 {n} 条',
  refused: '被拒绝：{message}',
} as const;
export type AKey = keyof typeof zh;
const en: Record<AKey, string> = {
  open: 'Checks',
  title: 'Acceptance checks',
  back: 'Back',
  samples: 'Choose a sample',
  noSamples: 'No sample in this project yet: draw one on the PC (Acceptance checks)',
  loadFailed: 'Could not load (offline, the list downloaded last is shown)',
  cached: 'Offline list, downloaded {at}',
  download: 'Download list',
  progress: 'Checked {checked}/{drawn}',
  unchecked: 'Not checked',
  passed: 'Pass',
  failed: 'Fail',
  queued: 'Waiting to upload',
  distance: '{d} away · bearing {b}',
  noFix: 'Distance shown once located',
  navigate: 'Navigate',
  map: 'Map',
  check: 'Check',
  found: 'Found on site (stump / burn site)',
  stump: 'Measured stump (cm)',
  covered: 'Stump covered / treated',
  branches: 'Branches treated',
  disposal: 'Disposal verified',
  yes: 'Yes',
  no: 'No',
  photos: 'Check photos',
  takePhoto: 'Take photo',
  remark: 'Remark',
  position: 'Check position',
  save: 'Save check',
  saved: 'Check saved, waiting to upload',
  needStump: 'Enter the measured stump height',
  outbox: '{n} checks waiting to upload',
  refused: 'Refused: {message}',
};

export function acceptanceWords(lang: MLang) {
  const words = lang === 'en' ? en : zh;
  return (k: AKey, p: Record<string, string | number> = {}) =>
    words[k].replace(/\{(\w+)\}/g, (m, name: string) => String(p[name] ?? m));
}
export type AT = ReturnType<typeof acceptanceWords>;

/** Great-circle distance (m) and initial bearing (degrees from north) from `a` to `b`. */
export function distanceBearing(
  a: { lat: number; long: number },
  b: { lat: number; long: number },
): { metres: number; degrees: number } {
  const rad = Math.PI / 180;
  const [φ1, φ2] = [a.lat * rad, b.lat * rad];
  const dφ = φ2 - φ1;
  const dλ = (b.long - a.long) * rad;
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(dλ / 2) ** 2;
  const metres = 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
  const y = Math.sin(dλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dλ);
  return { metres, degrees: (((Math.atan2(y, x) / rad) % 360) + 360) % 360 };
}

const compass = ['北', '东北', '东', '东南', '南', '西南', '西', '西北'];
const compassEn = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
/** "1.2 km", "85 m"; a bearing as a compass point and degrees. */
export function distanceText(metres: number): string {
  return metres >= 1000 ? `${(metres / 1000).toFixed(1)} km` : `${Math.round(metres)} m`;
}
export function bearingText(degrees: number, lang: MLang): string {
  const i = Math.round(degrees / 45) % 8;
  return `${(lang === 'en' ? compassEn : compass)[i]} ${Math.round(degrees)}°`;
}
