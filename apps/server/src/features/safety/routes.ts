import {
  envelope,
  pageOf,
  safetyDetail,
  safetyIdQuery,
  safetyItem,
  safetyListBody,
  safetyPrintQuery,
  safetyPrintValue,
  safetySaveBody,
  t,
} from '@pineguard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, projectOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import * as safety from './service.ts';

const tags = ['safety'];
/** The `projectCode` a call names (body or query): another project's is refused (40300). */
const projectCodeInBody = (req: FastifyRequest) =>
  (req.body as { projectCode?: string } | undefined)?.projectCode;
const projectCodeInQuery = (req: FastifyRequest) =>
  (req.query as { projectCode?: string } | undefined)?.projectCode;

/** 安全台账 `/safe/:id` (issue #17): not in the spec's call list; paths in its style. */
export const safetyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const ctx = (req: FastifyRequest): safety.SafetyContext => ({
    deps,
    auth: authOf(req),
    projectCode: projectOf(req),
  });

  app.post('/api/safe/list', {
    config: { access: 'safety.read', projectOf: projectCodeInBody },
    schema: {
      tags,
      summary: '安全台账列表',
      body: safetyListBody,
      response: { 200: envelope(pageOf(safetyItem)) },
    },
    handler: async (req) => ok(await safety.list(ctx(req), req.body)),
  });

  app.get('/api/safe/detail', {
    config: { access: 'safety.read', projectOf: projectCodeInQuery },
    schema: {
      tags,
      summary: '安全台账详情',
      querystring: safetyIdQuery,
      response: { 200: envelope(safetyDetail) },
    },
    handler: async (req) => ok(await safety.detail(ctx(req), req.query.id)),
  });

  app.post('/api/safe/save', {
    config: { access: 'safety.manage', projectOf: projectCodeInBody },
    schema: {
      tags,
      summary: '登记安全教育记录',
      body: safetySaveBody,
      response: { 200: envelope(safetyDetail) },
    },
    handler: async (req) => ok(await safety.create(ctx(req), req.body), t(requestLang(req), 'saved')),
  });

  app.get('/api/safe/print', {
    config: { access: 'safety.read', projectOf: projectCodeInQuery },
    schema: {
      tags,
      summary: '安全台账打印',
      querystring: safetyPrintQuery,
      response: { 200: envelope(safetyPrintValue) },
    },
    handler: async (req) => ok(await safety.printLedger(ctx(req), req.query)),
  });
};
