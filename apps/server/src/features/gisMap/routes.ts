import { envelope, gisCellsQuery, gisCellsValue, gisSetupValue } from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, projectOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { plainJson } from '../../platform/serializer.ts';
import * as gis from './service.ts';

const tags = ['gisMap'];

/** The GIS map (/gistest) of the selected project: its layers, and its records aggregated by the server. */
export const gisMapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/gis/setup', {
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: 'GIS 地图：县界、标准表、标段、焚烧点',
      response: { 200: envelope(gisSetupValue) },
    },
    handler: async (req) => ok(await gis.setup(deps, authOf(req), projectOf(req))),
  });

  app.get('/api/gis/cells', {
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: 'GIS 地图：视野内记录按网格聚合（少于 500 条时返回记录点）',
      querystring: gisCellsQuery,
      response: { 200: envelope(gisCellsValue) },
    },
    serializerCompiler: plainJson,
    handler: async (req) => ok(await gis.cells(deps, authOf(req), projectOf(req), req.query)),
  });
};
