import { areaEntry, areaNode, envelope } from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import * as areas from './service.ts';

const tags = ['areas'];

export const areasRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get('/api/project/areaListByParentCode', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: '下级行政区划（不带 parentCode 时为省份）',
      querystring: z.object({
        parentCode: z
          .string()
          .regex(/^\d{6,9}$/)
          .optional(),
      }),
      response: { 200: envelope(z.array(areaEntry)) },
    },
    handler: async (req) => ok(await areas.areaChildren(db, req.query.parentCode ?? null)),
  });

  app.get('/api/project/listArea4AddPrj1', {
    config: { access: 'session' },
    schema: { tags, summary: '省—市—县行政区划树', response: { 200: envelope(z.array(areaNode)) } },
    handler: async () => ok(await areas.countyTree(db)),
  });
};
