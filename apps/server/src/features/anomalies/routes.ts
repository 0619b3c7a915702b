import {
  anomalyConfirmBody,
  anomalyCountsQuery,
  anomalyCountsValue,
  anomalyExplainBody,
  anomalyListBody,
  anomalyListValue,
  anomalyReopenBody,
  anomalyResolveValue,
  envelope,
  recordAnomaliesQuery,
  recordAnomaliesValue,
} from '@pineguard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, prjCodeInBody, prjCodeInQuery } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import { sharedJson } from '../../platform/serializer.ts';
import * as anomalies from './service.ts';

const tags = ['anomalies'];

/**
 * 疑点: list, counts and a record's anomalies (anomalies.read); explaining (anomalies.explain,
 * the section's side) and confirming or reopening (anomalies.confirm, the supervisor's).
 * Section managers see and explain only their sections' anomalies.
 */
export const anomaliesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const project = (req: FastifyRequest, named?: string) => managedProject(req, named);

  app.post('/api/anomaly/list', {
    config: { access: 'anomalies.read', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '疑点列表（按类型、标段、状态、日期筛选，游标分页，最新在前）',
      body: anomalyListBody,
      response: { 200: envelope(anomalyListValue) },
    },
    // Built field by field from typed rows (anomalies.test.ts proves the answer parses to itself)
    // and remembered per view (service.ts): each page object is serialised once.
    serializerCompiler: sharedJson,
    handler: async (req) =>
      ok(await anomalies.list(deps, authOf(req), project(req, req.body.prjCode), req.body, requestLang(req))),
  });

  app.get('/api/anomaly/counts', {
    config: { access: 'anomalies.read', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '疑点数：按标段、类型、状态',
      querystring: anomalyCountsQuery,
      response: { 200: envelope(anomalyCountsValue) },
    },
    handler: async (req) => ok(await anomalies.counts(deps, authOf(req), project(req, req.query.prjCode))),
  });

  app.get('/api/anomaly/record', {
    config: { access: 'anomalies.read', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '一条记录的疑点（全部状态）',
      querystring: recordAnomaliesQuery,
      response: { 200: envelope(recordAnomaliesValue) },
    },
    handler: async (req) =>
      ok(await anomalies.ofRecord(deps, authOf(req), project(req, req.query.prjCode), req.query.id)),
  });

  // The three resolutions differ only in their path, permission, body and action.
  const resolutions = [
    {
      action: 'explain',
      access: 'anomalies.explain',
      body: anomalyExplainBody,
      summary: '说明疑点（待核查 → 已说明，须填写说明）',
    },
    {
      action: 'confirm',
      access: 'anomalies.confirm',
      body: anomalyConfirmBody,
      summary: '确认疑点（可同时驳回记录，须审核权限并填写原因）',
    },
    {
      action: 'reopen',
      access: 'anomalies.confirm',
      body: anomalyReopenBody,
      summary: '重新打开疑点（已说明或已确认 → 待核查）',
    },
  ] as const;
  for (const r of resolutions) {
    app.post(`/api/anomaly/${r.action}`, {
      config: { access: r.access, projectOf: prjCodeInBody },
      schema: { tags, summary: r.summary, body: r.body, response: { 200: envelope(anomalyResolveValue) } },
      handler: async (req) =>
        ok(
          await anomalies.resolve(
            deps,
            authOf(req),
            project(req, req.body.prjCode),
            r.action,
            req.body,
            requestLang(req),
          ),
        ),
    });
  }
};
