import {
  envelope,
  flagListQuery,
  flagListValue,
  qrAddBody,
  qrAddValue,
  qrExportBody,
  qrListBody,
  qrListValue,
  qrScanAnswer,
  qrScanQuery,
  t,
} from '@pineguard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AuthContext,
  authOf,
  prjCodeInBody,
  prjCodeInQuery,
  projectOf,
  readToken,
  resolveSession,
} from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import * as qr from './service.ts';
import { sendDownload } from '../../platform/download.ts';

const tags = ['qrTags'];

export const qrTagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const ctx = (req: FastifyRequest): qr.QrContext => ({
    deps,
    auth: authOf(req),
    projectCode: projectOf(req),
    lang: requestLang(req),
  });

  app.post('/api/qrInfo/list', {
    config: { access: 'qrTags.manage', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '二维码列表（含状态：未使用、已采伐、已焚烧）',
      body: qrListBody,
      response: { 200: envelope(qrListValue) },
    },
    handler: async (req) => ok(await qr.list(ctx(req), req.body)),
  });

  app.get('/api/qrInfo/getFlagList', {
    config: { access: 'qrTags.manage', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '二维码批次树',
      querystring: flagListQuery,
      response: { 200: envelope(flagListValue) },
    },
    handler: async (req) => ok(await qr.flagTree(ctx(req))),
  });

  app.post('/api/qrInfo/add', {
    config: { access: 'qrTags.manage', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '批量生成二维码（新批次或已有批次，每批最多 10000 个）',
      body: qrAddBody,
      response: { 200: envelope(qrAddValue) },
    },
    handler: async (req) => {
      const made = await qr.add(ctx(req), req.body);
      return ok(made, t(requestLang(req), 'tagsGenerated', { count: made.count }));
    },
  });

  app.post('/api/qrInfo/export', {
    config: { access: 'qrTags.manage', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '导出二维码：A4 标签 PDF（默认）或编号表格 xlsx，流式；文件名在 filenamevue 头',
      body: qrExportBody,
    },
    handler: async (req, reply) => {
      const scanBase = `${req.protocol}://${req.host}`;
      const file = await qr.exportBatch(ctx(req), req.body, scanBase);
      return sendDownload(reply, {
        fileName: file.fileName,
        contentType: file.contentType,
        body: file.stream,
        nameHeader: 'filenamevue',
      });
    },
  });

  // Opened from a phone's camera: open to everyone, and more for a member of the tag's project.
  app.get('/api/qrInfo/scan', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: '扫码查看二维码：有效性与状态；本项目登录用户可见采伐、焚烧记录链和疑点',
      querystring: qrScanQuery,
      response: { 200: envelope(qrScanAnswer) },
    },
    handler: async (req) => {
      const token = readToken(req);
      let auth: AuthContext | null = null;
      if (token) {
        auth = await resolveSession(deps.database.db, token, deps.config.sessionTtlMs).catch(() => null);
      }
      return ok(await qr.scan(deps, auth, req.query.qrcode));
    },
  });
};
