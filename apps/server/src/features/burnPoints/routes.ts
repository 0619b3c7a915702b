import {
  burnCensusValue,
  burnPointIdBody,
  burnPointItem,
  burnPointListBody,
  burnPointSaveBody,
  envelope,
  noValue,
  pageOf,
  summaryBody,
  t,
} from '@pineguard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, projectOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import * as burnPoints from './service.ts';

const tags = ['burnPoints'];
/** The `projectCode` these calls name in their body: another project's is refused (40300). */
const projectCodeInBody = (req: FastifyRequest) =>
  (req.body as { projectCode?: string } | undefined)?.projectCode;

export const burnPointsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/fsd/list', {
    config: { access: 'burnPoints.read', projectOf: projectCodeInBody },
    schema: {
      tags,
      summary: '焚烧点列表',
      body: burnPointListBody,
      response: { 200: envelope(pageOf(burnPointItem)) },
    },
    handler: async (req) => {
      const { pageNum, pageSize, keyWords, type, state } = req.body;
      return ok(
        await burnPoints.list(deps, projectOf(req), { keyWords, type, state }, { pageNum, pageSize }),
      );
    },
  });

  app.post('/api/fsd/save', {
    config: { access: 'burnPoints.manage', projectOf: projectCodeInBody },
    schema: {
      tags,
      summary: '新增或修改焚烧点',
      body: burnPointSaveBody,
      response: { 200: envelope(burnPointItem) },
    },
    handler: async (req) =>
      ok(await burnPoints.save(deps, authOf(req), projectOf(req), req.body), t(requestLang(req), 'saved')),
  });

  app.post('/api/fsd/delete', {
    config: { access: 'burnPoints.manage', projectOf: projectCodeInBody },
    schema: { tags, summary: '删除焚烧点', body: burnPointIdBody, response: { 200: envelope(noValue) } },
    handler: async (req) => {
      await burnPoints.remove(deps, authOf(req), projectOf(req), req.body.id);
      return ok(null, t(requestLang(req), 'deleted'));
    },
  });

  app.post('/api/fsd/census', {
    config: { access: 'burnPoints.read', projectOf: projectCodeInBody },
    schema: { tags, summary: '焚烧点统计', body: summaryBody, response: { 200: envelope(burnCensusValue) } },
    handler: async (req) =>
      ok({ list: await burnPoints.census(deps, projectOf(req), req.body.dynaimcTableName) }),
  });
};
