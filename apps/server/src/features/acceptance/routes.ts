import {
  acceptanceCheckBody,
  acceptanceCheckValue,
  acceptanceDrawBody,
  acceptanceExportQuery,
  acceptanceItemsBody,
  acceptanceItemsValue,
  acceptanceListQuery,
  acceptanceListValue,
  acceptanceSampleDetail,
  acceptanceSampleQuery,
  envelope,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, prjCodeInBody, prjCodeInQuery } from '../../platform/auth.ts';
import { sendDownload, XLSX_TYPE } from '../../platform/download.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import * as files from '../files/index.ts';
import * as projects from '../projects/index.ts';
import { acceptanceWorkbook } from './export.ts';
import * as acceptance from './service.ts';

const tags = ['acceptance'];
const EXPORT_PAGE = 1_000;

/**
 * 检查验收: samples and their results (acceptance.read); drawing a sample and recording checks
 * (acceptance.manage). Every call works in the session's project; section managers holding the
 * read permission see their sections only.
 */
export const acceptanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const sign: acceptance.Signer = (id) => files.signMedia(deps.config.media, id, 'full').url;

  app.post('/api/acceptance/draw', {
    config: { access: 'acceptance.manage', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '抽取检查验收样本（按标段分层，可复现的随机种子）',
      body: acceptanceDrawBody,
      response: { 200: envelope(acceptanceSampleDetail) },
    },
    handler: async (req) =>
      ok(
        await acceptance.draw(
          deps,
          authOf(req),
          managedProject(req, req.body.prjCode),
          req.body,
          requestLang(req),
        ),
      ),
  });

  app.get('/api/acceptance/list', {
    config: { access: 'acceptance.read', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '检查验收样本列表（最新在前）',
      querystring: acceptanceListQuery,
      response: { 200: envelope(acceptanceListValue) },
    },
    handler: async (req) =>
      ok(await acceptance.list(deps, managedProject(req, req.query.prjCode), req.query)),
  });

  app.get('/api/acceptance/sample', {
    config: { access: 'acceptance.read', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '一个样本：参数、种子、各标段总体数、抽样数、检查进度与合格率',
      querystring: acceptanceSampleQuery,
      response: { 200: envelope(acceptanceSampleDetail) },
    },
    handler: async (req) =>
      ok(
        await acceptance.sample(
          deps,
          authOf(req),
          managedProject(req, req.query.prjCode),
          req.query.id,
          requestLang(req),
        ),
      ),
  });

  app.post('/api/acceptance/items', {
    config: { access: 'acceptance.read', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '样本中的记录（按标段、检查状态筛选），含检查结果与照片',
      body: acceptanceItemsBody,
      response: { 200: envelope(acceptanceItemsValue) },
    },
    handler: async (req) =>
      ok(
        await acceptance.items(
          deps,
          authOf(req),
          managedProject(req, req.body.prjCode),
          req.body,
          requestLang(req),
          sign,
        ),
      ),
  });

  app.post('/api/acceptance/check', {
    config: { access: 'acceptance.manage', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '登记一条抽样记录的现场检查（重复提交同一 clientId 只存一次）',
      body: acceptanceCheckBody,
      response: { 200: envelope(acceptanceCheckValue) },
    },
    handler: async (req) =>
      ok(
        await acceptance.check(
          deps,
          authOf(req),
          managedProject(req, req.body.prjCode),
          req.body,
          requestLang(req),
          sign,
        ),
      ),
  });

  app.get('/api/acceptance/export', {
    config: { access: 'acceptance.read', projectOf: prjCodeInQuery },
    schema: { tags, summary: '检查验收表导出 Excel（汇总表 + 明细表）', querystring: acceptanceExportQuery },
    handler: async (req, reply) => {
      const lang = requestLang(req);
      const auth = authOf(req);
      const projectCode = managedProject(req, req.query.prjCode);
      const sample = await acceptance.sample(deps, auth, projectCode, req.query.id, lang);
      const name = (await projects.projectName(deps.database.db, projectCode)) ?? projectCode;
      const pages = () => acceptance.exportPages(deps, auth, projectCode, sample.id, EXPORT_PAGE, sign);
      return sendDownload(reply, {
        fileName: `acceptance-${projectCode}-${sample.createdAt.slice(0, 10)}.xlsx`,
        contentType: XLSX_TYPE,
        body: acceptanceWorkbook(sample, name, lang, pages),
      });
    },
  });
};
