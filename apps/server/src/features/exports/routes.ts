import {
  envelope,
  exportBody,
  exportFormats,
  exportIdBody,
  exportIdParams,
  exportQuery,
  exportRecord,
  exportRecordList,
  t,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, prjCodeInQuery } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import * as service from './service.ts';
import { sendDownload } from '../../platform/download.ts';

const tags = ['exports'];

export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // POST /python/export/{shapefile,excel} (spec §7) and, beyond the spec, geojson and media.
  for (const format of exportFormats) {
    app.post(`/python/export/${format}`, {
      config: { access: 'exports.create', projectOf: prjCodeInQuery },
      schema: {
        tags,
        summary: `导出数据列表（${format}），后台生成`,
        querystring: exportQuery,
        body: exportBody,
        response: { 200: envelope(exportRecord) },
      },
      handler: async (req) => {
        const lang = requestLang(req);
        const origin = `${req.protocol}://${req.host}`;
        const record = await service.startExport(
          deps,
          authOf(req),
          lang,
          format,
          req.query,
          req.body,
          origin,
        );
        return ok(record, t(lang, 'exportStarted'));
      },
    });
  }

  app.get('/api/download/recordList', {
    config: { access: 'session' },
    schema: { tags, summary: '导出记录（近 7 天）', response: { 200: envelope(exportRecordList) } },
    handler: async (req) => ok(await service.recentExports(deps, authOf(req))),
  });

  app.post('/api/download/cancel', {
    config: { access: 'session' },
    schema: { tags, summary: '取消导出', body: exportIdBody, response: { 200: envelope(exportRecord) } },
    handler: async (req) => {
      const lang = requestLang(req);
      return ok(await service.cancelExport(deps, authOf(req), req.body.id), t(lang, 'exportCancelled'));
    },
  });

  app.get('/api/download/file/:id', {
    config: { access: 'session' },
    schema: { tags, summary: '下载导出文件（本人的、已完成的）', params: exportIdParams },
    handler: async (req, reply) => {
      const file = await service.openExport(deps, authOf(req), req.params.id);
      reply.header('cache-control', 'private, no-store');
      if (file.size !== null) reply.header('content-length', String(file.size));
      return sendDownload(reply, {
        fileName: file.fileName,
        contentType: file.contentType,
        body: file.stream,
      });
    },
  });
};
