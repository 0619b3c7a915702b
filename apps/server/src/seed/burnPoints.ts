import type { Db } from '../db/client.ts';
import { burnPoints } from '../db/schema/index.ts';

type Tx = Pick<Db, 'insert'>;

/**
 * The section each demo burn point serves; 马金镇's is shared (KH-BD03 burns there while its own
 * 齐溪镇 point is suspended). places.ts sectionBurnPoint says where each section burns.
 */
const servedBy: Record<string, string> = {
  华埠镇疫木焚烧炉: 'KH-BD01',
  池淮镇疫木粉碎点: 'KH-BD01',
  村头镇疫木焚烧炉: 'KH-BD02',
  齐溪镇露天焚烧点: 'KH-BD03',
  贺村镇疫木焚烧炉: 'JS-BD01',
  上余镇疫木粉碎点: 'JS-BD01',
  峡口镇露天焚烧点: 'JS-BD02',
  廿八都镇露天焚烧点: 'JS-BD03',
  张村乡疫木焚烧炉: 'JS-BD03',
};

/**
 * Demo burn points: five per demo project near real townships of its county (positions are
 * approximate town outskirts, inside the county's box), one of them suspended.
 */
export const demoBurnPoints: (typeof burnPoints.$inferInsert)[] = [
  [
    'KH2026',
    '华埠镇疫木焚烧炉',
    'incinerator',
    118.392,
    29.041,
    '330824115',
    20,
    '汪国华',
    '13857011201',
    'approved',
  ],
  [
    'KH2026',
    '马金镇露天焚烧点',
    'open',
    118.371,
    29.338,
    '330824116',
    8,
    '程立新',
    '13857011202',
    'approved',
  ],
  [
    'KH2026',
    '池淮镇疫木粉碎点',
    'chipping',
    118.497,
    29.214,
    '330824117',
    15,
    '余建军',
    '13857011203',
    'approved',
  ],
  [
    'KH2026',
    '齐溪镇露天焚烧点',
    'open',
    118.268,
    29.312,
    '330824109',
    6,
    '方志强',
    '13857011204',
    'suspended',
  ],
  [
    'KH2026',
    '村头镇疫木焚烧炉',
    'incinerator',
    118.321,
    29.115,
    '330824113',
    12,
    '徐卫东',
    '13857011205',
    'approved',
  ],
  [
    'JS2026',
    '贺村镇疫木焚烧炉',
    'incinerator',
    118.528,
    28.784,
    '330881121',
    25,
    '毛永明',
    '13957021301',
    'approved',
  ],
  [
    'JS2026',
    '峡口镇露天焚烧点',
    'open',
    118.574,
    28.557,
    '330881119',
    8,
    '周小平',
    '13957021302',
    'approved',
  ],
  [
    'JS2026',
    '上余镇疫木粉碎点',
    'chipping',
    118.532,
    28.712,
    '330881116',
    18,
    '姜伟',
    '13957021303',
    'approved',
  ],
  [
    'JS2026',
    '廿八都镇露天焚烧点',
    'open',
    118.574,
    28.306,
    '330881112',
    5,
    '祝金土',
    '13957021304',
    'suspended',
  ],
  [
    'JS2026',
    '张村乡疫木焚烧炉',
    'incinerator',
    118.688,
    28.452,
    '330881214',
    10,
    '杨春华',
    '13957021305',
    'approved',
  ],
].map(([projectCode, name, kind, gpsLong, gpsLat, townshipCode, capacity, personInCharge, phone, state]) => ({
  projectCode: projectCode as string,
  sectionCode: servedBy[name as string] ?? null,
  name: name as string,
  kind: kind as string,
  gpsLong: gpsLong as number,
  gpsLat: gpsLat as number,
  townshipCode: townshipCode as string,
  capacity: capacity as number,
  personInCharge: personInCharge as string,
  phone: phone as string,
  state: state as string,
}));

export async function seedDemoBurnPoints(db: Tx): Promise<void> {
  await db.insert(burnPoints).values(demoBurnPoints).onConflictDoNothing();
}
