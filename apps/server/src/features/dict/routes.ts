import { envelope, localizedDictionaries } from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';

const dictValue = z.record(
  z.string(),
  z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })),
);

export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/dict/list', {
    config: { access: 'session' },
    schema: { tags: ['dict'], summary: '字典（性别、状态等枚举）', response: { 200: envelope(dictValue) } },
    handler: async (req) => ok(localizedDictionaries(requestLang(req))),
  });
};
