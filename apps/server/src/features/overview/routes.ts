import {
  envelope,
  homeDataQuery,
  homeDataValue,
  processListQuery,
  processListValue,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { plainJson } from '../../platform/serializer.ts';
import { progressWorkbook } from './export.ts';
import * as overview from './service.ts';
import { sendDownload, XLSX_TYPE } from '../../platform/download.ts';

const tags = ['overview'];

/**
 * The dashboard and the progress drill-down. Neither declares `projectOf`: a government viewer
 * of several projects may name any of theirs; the service refuses every other project (40300).
 */
export const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/home/data', {
    config: { access: 'dashboard.read' },
    schema: {
      tags,
      summary: '首页统计（发现、采伐、焚烧、伐桩处理、劳务人员、待审核、进度、趋势）',
      querystring: homeDataQuery,
      response: { 200: envelope(homeDataValue) },
    },
    serializerCompiler: plainJson,
    handler: async (req) => ok(await overview.homeData(deps, authOf(req), req.query.scope)),
  });

  app.get('/api/process/list', {
    config: { access: 'dashboard.read' },
    schema: {
      tags,
      summary: '进度管理：县 / 标段 / 乡镇 计划、发现、采伐、焚烧',
      querystring: processListQuery,
      response: { 200: envelope(processListValue) },
    },
    serializerCompiler: plainJson,
    handler: async (req) => ok(await overview.progressList(deps, authOf(req), req.query, requestLang(req))),
  });

  app.get('/api/process/export', {
    config: { access: 'dashboard.read' },
    schema: { tags, summary: '进度表导出 Excel', querystring: processListQuery },
    handler: async (req, reply) => {
      const lang = requestLang(req);
      const list = await overview.progressList(deps, authOf(req), req.query, lang);
      return sendDownload(reply, {
        fileName: `progress-${list.level}-${list.type}.xlsx`,
        contentType: XLSX_TYPE,
        body: await progressWorkbook(list, lang),
      });
    },
  });
};
