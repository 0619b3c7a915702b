import { featureMessages } from '../../../shared/featureT.ts';

const zh = {
  open: '查看证据',
  title: '疑点证据',
  thisRecord: '本条记录',
  otherRecord: '关联记录（原始照片）',
  recordAt: '记录时间 {at}',
  takenAt: '拍摄时间 {at}',
  noTime: '无拍摄时间',
  photoGps: '照片坐标 {lat}, {lng}',
  recordGps: '记录坐标 {lat}, {lng}（精度 {range} 米）',
  noPhotos: '该记录没有照片',
  distance: '距离 {distance} 米',
  mapHint: '线框为标段边界（主题色），红点为记录位置，橙点为照片拍摄位置',
  noOutline: '该标段未导入边界，未检查记录是否在标段内',
  notes: '说明',
  hidden: '关联记录不在您负责的标段内',
  'settings.title': '证据检查',
  'settings.photoBeforeHours': '照片早于记录（小时）',
  'settings.photoPlaceM': '照片与记录距离（米）',
  'settings.photoDupBits': '重复照片阈值（位，0–7）',
  'settings.outlineToleranceM': '边界容差（米）',
  'settings.photoExifRequired': '照片必须带 EXIF',
  'settings.pending': '待检查 {count} 条记录',
  'settings.idle': '全部记录已检查',
  'settings.running': '检查中 {progress}%',
  'settings.failed': '上次检查失败：{error}',
  'settings.hint': '照片上传后在后台检查，不影响采集；修改阈值后重新检查全部记录。',
  'settings.summary':
    '照片早于记录 {photoBeforeHours} 小时内、距记录 {photoPlaceM} 米内，重复照片阈值 {photoDupBits} 位，边界容差 {outlineToleranceM} 米，{exif}',
  'settings.exifRequired': '照片须带 EXIF',
  'settings.exifOptional': '照片可无 EXIF',
  'settings.edit': '在项目设置中修改',
  'settings.range': '{min}–{max} 的整数',
  'settings.photoBeforeHoursHelp': '照片拍摄早于记录超过此时长即为疑点；晚于记录 10 分钟以上也是疑点。',
  'settings.photoPlaceMHelp': '照片坐标与记录坐标相距超过 max(此值, 3 × 记录定位精度) 即为疑点。',
  'settings.photoDupBitsHelp': '两张照片的感知哈希相差不超过此位数即视为同一张（默认 5）。',
  'settings.outlineToleranceMHelp': '记录在标段边界（及县界）外超过此距离即为疑点。',
  'settings.photoExifRequiredHelp': '开启后，不带拍摄时间的照片本身即为疑点。',
  'settings.rechecking': '证据阈值已保存，正在重新检查全部记录',
} as const;

type Key = keyof typeof zh;

const en: Record<Key, string> = {
  open: 'Evidence',
  title: 'Evidence',
  thisRecord: 'This record',
  otherRecord: 'Other record (the original photo)',
  recordAt: 'Recorded at {at}',
  takenAt: 'Taken at {at}',
  noTime: 'No time taken',
  photoGps: 'Photo at {lat}, {lng}',
  recordGps: 'Record at {lat}, {lng} (±{range} m)',
  noPhotos: 'This record has no photo',
  distance: '{distance} m away',
  mapHint: 'Outline (theme colour): the section; red: the record; orange: where the photo was taken',
  noOutline: 'This section has no imported outline: records are not checked against it',
  notes: 'Notes',
  hidden: 'The other record is in a section you do not manage',
  'settings.title': 'Evidence checks',
  'settings.photoBeforeHours': 'Photo before record (hours)',
  'settings.photoPlaceM': 'Photo to record distance (m)',
  'settings.photoDupBits': 'Duplicate photo threshold (bits, 0–7)',
  'settings.outlineToleranceM': 'Outline tolerance (m)',
  'settings.photoExifRequired': 'Photos must carry EXIF',
  'settings.pending': '{count} records waiting',
  'settings.idle': 'Every record checked',
  'settings.running': 'Checking {progress}%',
  'settings.failed': 'The last check failed: {error}',
  'settings.hint':
    'Photos are checked in the background after upload (collection never waits); a threshold change checks every record again.',
  'settings.summary':
    'Photos within {photoBeforeHours} h before and {photoPlaceM} m of their record; duplicates within {photoDupBits} bits; outline tolerance {outlineToleranceM} m; {exif}',
  'settings.exifRequired': 'EXIF required',
  'settings.exifOptional': 'EXIF optional',
  'settings.edit': 'Change in project settings',
  'settings.range': 'a whole number from {min} to {max}',
  'settings.photoBeforeHoursHelp':
    'A photo taken longer than this before its record is an anomaly; one taken over 10 minutes after it is too.',
  'settings.photoPlaceMHelp':
    "A photo farther than max(this, 3 × the record's GPS accuracy) from its record is an anomaly.",
  'settings.photoDupBitsHelp':
    'Two photos whose perceptual hashes differ by at most this many bits are the same picture (default 5).',
  'settings.outlineToleranceMHelp':
    'A record farther than this outside its section (or county) is an anomaly.',
  'settings.photoExifRequiredHelp': 'When on, a photo without a time taken is an anomaly by itself.',
  'settings.rechecking': 'Evidence thresholds saved; every record is being checked again',
};

export const { useT: useEvidenceT } = featureMessages(zh, en);
