import {
  burnRecordPage,
  chartValue,
  checkPassListBody,
  createReportListBody,
  envelope,
  ratioValue,
  reportBody,
  sevenDayValue,
  yesterdayValue,
} from '@pineguard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, projectOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import * as reports from './service.ts';

const tags = ['burnReports'];
/** The `projectCode` these calls name in their body: another project's is refused (40300). */
const projectCodeInBody = (req: FastifyRequest) =>
  (req.body as { projectCode?: string } | undefined)?.projectCode;
/** Read by whoever reads the burn points (the census screen holds the reports). */
const config = { access: 'burnPoints.read', projectOf: projectCodeInBody } as const;

/** The six fire reports (spec §7 "Fire report"): paths and payload names exactly as the spec. */
export const burnReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/summary/fsYesterdayReport', {
    config,
    schema: {
      tags,
      summary: '焚烧日报（昨日各焚烧点）',
      body: reportBody,
      response: { 200: envelope(yesterdayValue) },
    },
    handler: async (req) => ok(await reports.yesterday(deps, authOf(req), projectOf(req), req.body)),
  });

  app.post('/api/summary/sevenDayReport', {
    config,
    schema: { tags, summary: '近七日焚烧', body: reportBody, response: { 200: envelope(sevenDayValue) } },
    handler: async (req) => ok(await reports.sevenDays(deps, authOf(req), projectOf(req), req.body)),
  });

  app.post('/api/summary/fsdCheckPassList', {
    config,
    schema: {
      tags,
      summary: '审核通过的焚烧记录',
      body: checkPassListBody,
      response: { 200: envelope(burnRecordPage) },
    },
    handler: async (req) => ok(await reports.burnRecords(deps, authOf(req), projectOf(req), req.body, '20')),
  });

  app.post('/api/summary/fsdCreateReportList', {
    config,
    schema: {
      tags,
      summary: '最新上报的焚烧记录',
      body: createReportListBody,
      response: { 200: envelope(burnRecordPage) },
    },
    handler: async (req) => ok(await reports.burnRecords(deps, authOf(req), projectOf(req), req.body)),
  });

  app.post('/api/summary/fsdChartReport', {
    config,
    schema: {
      tags,
      summary: '焚烧趋势图（近30日）',
      body: reportBody,
      response: { 200: envelope(chartValue) },
    },
    handler: async (req) => ok(await reports.chart(deps, authOf(req), projectOf(req), req.body)),
  });

  app.post('/api/summary/fszpylReport', {
    config,
    schema: {
      tags,
      summary: '焚烧占采伐疫木比例',
      body: reportBody,
      response: { 200: envelope(ratioValue) },
    },
    handler: async (req) =>
      ok(await reports.ratio(deps, authOf(req), projectOf(req), req.body, requestLang(req))),
  });
};
