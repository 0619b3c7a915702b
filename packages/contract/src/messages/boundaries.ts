import type { Text } from '../i18n.ts';

/**
 * Importing section boundaries (#15): a shapefile ZIP or a GeoJSON file, matched to the
 * project's sections.
 */
export const boundaryMessages = {
  boundaryFileType: {
    'zh-CN': '文件“{file}”不是边界文件：请上传含 .shp/.dbf/.prj 的 ZIP 压缩包，或 .geojson 文件',
    en: '"{file}" is not a boundary file: upload a ZIP holding .shp/.dbf/.prj, or a .geojson file',
  },
  boundaryFileUnreadable: {
    'zh-CN': '文件“{file}”无法读取（{reason}），请重新导出后再上传',
    en: '"{file}" cannot be read ({reason}); export it again and upload it again',
  },
  boundaryNoShp: {
    'zh-CN': '压缩包“{file}”中没有 .shp 文件（只有：{names}）',
    en: 'The ZIP "{file}" holds no .shp file (only: {names})',
  },
  boundaryManyLayers: {
    'zh-CN': '压缩包中有多个图层（{names}），请每次只导入一个 .shp',
    en: 'The ZIP holds several layers ({names}); import one .shp at a time',
  },
  boundaryNoPrj: {
    'zh-CN': '压缩包中缺少坐标系文件 {name}.prj，且坐标不是经纬度：请连同 .prj 一起压缩上传',
    en: 'The ZIP has no {name}.prj and its coordinates are not longitude/latitude: include the .prj',
  },
  boundaryBadPrj: {
    'zh-CN': '无法识别 {name}.prj 中的坐标系，请在 GIS 软件中另存为 WGS 84 或 CGCS2000',
    en: 'The coordinate system in {name}.prj is not recognised; save the layer as WGS 84 or CGCS2000',
  },
  boundaryCrsUnsupported: {
    'zh-CN': 'GeoJSON 的坐标系 {crs} 不受支持，请导出为 WGS 84（EPSG:4326）',
    en: 'The GeoJSON coordinate system {crs} is not supported; export it as WGS 84 (EPSG:4326)',
  },
  boundaryNotLngLat: {
    'zh-CN': '第 {index} 个要素的坐标（{x}, {y}）不是经纬度，请检查坐标系',
    en: 'Feature {index} has coordinates ({x}, {y}) that are not longitude/latitude; check the coordinate system',
  },
  boundaryOutsideCounty: {
    'zh-CN': '第 {index} 个要素不在项目所在县（{county}）范围内，请检查坐标系（.prj）是否与数据一致',
    en: 'Feature {index} lies outside the project county ({county}); check that the coordinate system (.prj) matches the data',
  },
  boundaryNotPolygon: {
    'zh-CN': '第 {index} 个要素是{type}，边界须为面（Polygon / MultiPolygon）',
    en: 'Feature {index} is a {type}; a boundary must be a polygon (Polygon / MultiPolygon)',
  },
  boundaryBadRing: {
    'zh-CN': '第 {index} 个要素的面少于 3 个顶点或坐标无效',
    en: 'Feature {index} has a ring with fewer than 3 positions or invalid coordinates',
  },
  boundaryEmpty: { 'zh-CN': '文件“{file}”中没有要素', en: '"{file}" holds no features' },
  boundaryTooBig: {
    'zh-CN': '文件过大：{what}为 {count}，上限 {max}',
    en: 'The file is too big: {what} is {count}, at most {max}',
  },
  boundaryFieldUnknown: {
    'zh-CN': '字段“{field}”不在文件属性中（可选：{fields}）',
    en: 'The file has no attribute "{field}" (there are: {fields})',
  },
  boundaryMatchRequired: {
    'zh-CN': '请选择用于匹配标段的字段（matchField），或指定一个标段（sectionId）',
    en: 'Choose the attribute that names the sections (matchField), or one section (sectionId)',
  },
  boundaryNoMatch: {
    'zh-CN': '没有要素与本项目的标段匹配（按字段“{field}”的值对照标段编码或名称）',
    en: 'No feature matches a section of this project (the values of "{field}" against section codes and names)',
  },
  boundaryImported: { 'zh-CN': '已导入 {count} 个标段的边界', en: 'Boundaries of {count} sections imported' },
} satisfies Record<string, Text>;
