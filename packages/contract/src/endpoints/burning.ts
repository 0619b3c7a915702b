import { z } from 'zod';
import { acceptanceEndpoints } from '../acceptance.ts';
import { anomalyEndpoints } from '../anomalies.ts';
import { projectTreeNode } from '../auth.ts';
import {
  burnCensusValue,
  burnPointIdBody,
  burnPointItem,
  burnPointListBody,
  burnPointSaveBody,
  summaryBody,
} from '../burnPoints.ts';
import {
  burnRecordPage,
  chartValue,
  checkPassListBody,
  createReportListBody,
  ratioValue,
  reportBody,
  sevenDayValue,
  yesterdayValue,
} from '../burnReports.ts';
import { noValue as none, pageOf } from '../envelope.ts';
import { flagListQuery, flagListValue, qrAddBody, qrAddValue, qrListBody, qrListValue } from '../qrTags.ts';
import { reconcileEndpoints } from '../reconciliation.ts';

/**
 * A felled tree's way to the fire: its QR tag, the burn points, the fire reports drawn from burn
 * records, and the checks on that trail (anomalies, and felled-against-burned reconciliation).
 */
export const burningEndpoints = {
  // qrTags
  'POST /api/qrInfo/list': { body: qrListBody, value: qrListValue },
  'GET /api/qrInfo/getFlagList': { query: flagListQuery, value: flagListValue },
  'POST /api/qrInfo/add': { body: qrAddBody, value: qrAddValue },
  // anomalies (its scan answer, with the tag's anomalies, replaces qrTags' own) and reconciliation
  ...anomalyEndpoints,
  ...reconcileEndpoints,
  // 检查验收 (issue 30)
  ...acceptanceEndpoints,

  // burn points
  'GET /api/user/prjTree4Fsdgl': { value: z.array(projectTreeNode) },
  'POST /api/fsd/list': { body: burnPointListBody, value: pageOf(burnPointItem) },
  'POST /api/fsd/save': { body: burnPointSaveBody, value: burnPointItem },
  'POST /api/fsd/delete': { body: burnPointIdBody, value: none },
  'POST /api/fsd/census': { body: summaryBody, value: burnCensusValue },

  // fire reports (burnReports)
  'POST /api/summary/fsYesterdayReport': { body: reportBody, value: yesterdayValue },
  'POST /api/summary/sevenDayReport': { body: reportBody, value: sevenDayValue },
  'POST /api/summary/fsdCheckPassList': { body: checkPassListBody, value: burnRecordPage },
  'POST /api/summary/fsdCreateReportList': { body: createReportListBody, value: burnRecordPage },
  'POST /api/summary/fsdChartReport': { body: reportBody, value: chartValue },
  'POST /api/summary/fszpylReport': { body: reportBody, value: ratioValue },
} as const;
