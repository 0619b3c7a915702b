import type { Text } from '../i18n.ts';

/**
 * Burn points (焚烧点) and the fire reports drawn from burn records (#15).
 */
export const burnMessages = {
  burnPointOutsideCounty: {
    'zh-CN': '焚烧点位置（{lng}, {lat}）不在项目所在县（{county}）范围内',
    en: 'The burn point ({lng}, {lat}) lies outside the project county ({county})',
  },
  burnPointNameTaken: {
    'zh-CN': '焚烧点名称“{name}”已存在',
    en: 'A burn point named "{name}" already exists',
  },
  burnPointSectionUnknown: { 'zh-CN': '标段不存在：{code}', en: 'No such section: {code}' },
  burnPointTownshipUnknown: {
    'zh-CN': '乡镇不在项目所在县内：{code}',
    en: 'The township is not in the project county: {code}',
  },
  burnTableUnknown: {
    'zh-CN': '报表数据表“{table}”不是本项目的标准表',
    en: 'The report table "{table}" is not one of this project\'s standard tables',
  },
  burnPointPhotoInvalid: {
    'zh-CN': '照片引用的文件不存在或不属于本项目：{id}',
    en: 'Photos: the file does not exist or belongs to another project: {id}',
  },
  burnPointPhotoNotImage: {
    'zh-CN': '照片须引用以照片上传的文件：{name}',
    en: 'Photos must refer to files uploaded as photos: {name}',
  },
  reportDayFuture: {
    'zh-CN': '统计日期不能晚于今天：{day}',
    en: 'The report day cannot be later than today: {day}',
  },
} satisfies Record<string, Text>;
