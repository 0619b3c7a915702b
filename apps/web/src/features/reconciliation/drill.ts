import {
  type ReconcileDrill,
  reconcileDrillFilter,
  type ReconcileFigureKey,
  reconcileFigureTable,
} from '@pineguard/contract';

/**
 * 数据中心 opened on the records behind a figure: `/dataCenter?prjCode=&prjStandCode=&biaoduan=&begin=&end=`
 * (the contract's drill filter as search parameters; records' DataCenterPage reads them and opens
 * that table, section and days).
 */
export function dataCenterPath(drill: ReconcileDrill): string {
  const p = new URLSearchParams({ prjCode: drill.prjCode, prjStandCode: drill.prjStandCode });
  if (drill.biaoduan) p.set('biaoduan', drill.biaoduan);
  p.set('begin', drill.begin);
  p.set('end', drill.end);
  return `/dataCenter?${p.toString()}`;
}

/** Which figures stand on records of one table (and so can be drilled into). */
export const drillable = (key: string): key is ReconcileFigureKey => key in reconcileFigureTable;

/** The records list behind `figure` of a section (all sections without one) over `begin`–`end`. */
export function figurePath(
  figure: ReconcileFigureKey,
  at: { prjCode: string; sectionCode?: string | undefined; begin: string; end: string },
): string {
  return dataCenterPath(reconcileDrillFilter(figure, at));
}
