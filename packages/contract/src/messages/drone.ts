import type { Text } from '../i18n.ts';

/** Drone orthophotos, their candidates and verification tasks (issue 32). */
export const droneMessages = {
  droneNotTiff: {
    'zh-CN': '文件不是 TIFF 影像（文件头为 {found}），请上传 GeoTIFF 正射影像',
    en: 'The file is not a TIFF image (it starts with {found}); upload a GeoTIFF orthophoto',
  },
  droneUnreadable: {
    'zh-CN': '无法读取该 TIFF 文件：{found}',
    en: 'The TIFF file cannot be read: {found}',
  },
  droneNoGeoreference: {
    'zh-CN': '影像没有地理参考（缺少 {found}），请导出带坐标的 GeoTIFF',
    en: 'The image has no georeference (missing {found}); export a GeoTIFF with coordinates',
  },
  droneUnsupportedCrs: {
    'zh-CN':
      '不支持的坐标系 {found}；支持 EPSG:4326、4490、4534–4554（CGCS2000 3 度带）与 WGS 84 UTM（326xx）',
    en: 'Unsupported coordinate system {found}; supported: EPSG:4326, 4490, 4534–4554 (CGCS2000 3° zones) and WGS 84 UTM (326xx)',
  },
  droneUnsupportedBands: {
    'zh-CN': '不支持的波段：{found}；需要 8 位 RGB 或 RGBA（可带近红外波段）',
    en: 'Unsupported bands: {found}; an 8-bit RGB or RGBA image (optionally with a near-infrared band) is needed',
  },
  droneTruncated: {
    'zh-CN': '文件不完整：影像数据应到第 {need} 字节，文件只有 {size} 字节',
    en: 'The file is truncated: its image data reaches byte {need}, the file has {size} bytes',
  },
  droneNoData: {
    'zh-CN': '影像头声明 {width} × {height} 像素，但文件中没有影像数据',
    en: 'The header declares {width} × {height} pixels but the file holds no image data',
  },
  droneOutsideCounty: {
    'zh-CN': '影像范围（{found}）不在本项目所在县（区）内',
    en: "The scene ({found}) lies outside the project's county",
  },
  droneTooLarge: {
    'zh-CN': '文件过大：{size} 字节，上限 {limit} 字节',
    en: 'The file is too large: {size} bytes, the limit is {limit}',
  },
  dronePartsMissing: {
    'zh-CN': '还有 {missing} 个分片未上传',
    en: '{missing} parts have not been uploaded yet',
  },
  dronePartSize: {
    'zh-CN': '第 {n} 个分片应为 {expected} 字节，收到 {got} 字节',
    en: 'Part {n} should be {expected} bytes, {got} were received',
  },
  droneOrthoNotFound: {
    'zh-CN': '正射影像不存在（可能已被删除）',
    en: 'The orthophoto does not exist (it may have been deleted)',
  },
  droneNotReady: {
    'zh-CN': '影像尚未上传完成',
    en: 'The orthophoto has not finished uploading',
  },
  droneDetectRunning: {
    'zh-CN': '识别任务正在进行',
    en: 'Detection is already running',
  },
  droneTaskClosed: {
    'zh-CN': '该核查任务已处理（{state}）',
    en: 'This verification task has already been handled ({state})',
  },
  droneReasonRequired: {
    'zh-CN': '请填写不是枯死松树或未找到的原因',
    en: 'Give the reason it is not a dead pine or was not found',
  },
  droneNotInSections: {
    'zh-CN': '该任务不在您负责的标段内',
    en: 'This task is not in a section assigned to you',
  },
} satisfies Record<string, Text>;
