import {
  ksssUploadCancelBody,
  envelope,
  ErrorCode,
  fileKinds,
  ksssDetailListValue,
  ksssExportBody,
  ksssListBody,
  ksssListValue,
  ksssUploadItem,
  ksssUploadListValue,
  ksssUploadTaskQuery,
  t,
} from '@pineguard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { authOf, projectOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLang } from '../../platform/lang.ts';
import './jobs.ts';
import * as deadTrees from './service.ts';
import { sendDownload, XLSX_TYPE } from '../../platform/download.ts';

const tags = ['deadTrees'];

const sendFile = (reply: FastifyReply, file: { fileName: string; stream: Readable }) =>
  sendDownload(reply, { fileName: file.fileName, contentType: XLSX_TYPE, body: file.stream });

export const deadTreesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const ctx = (req: FastifyRequest): deadTrees.DeadTreeContext => ({
    deps,
    auth: authOf(req),
    projectCode: projectOf(req),
    lang: requestLang(req),
  });

  app.post('/api/sync/ksssList', {
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: '枯死松树普查（按小班）',
      body: ksssListBody,
      response: { 200: envelope(ksssListValue) },
    },
    handler: async (req) => ok(await deadTrees.censusList(ctx(req), req.body)),
  });

  app.post('/api/sync/ksssDetailList', {
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: '枯死松树明细（每株）',
      body: ksssListBody,
      response: { 200: envelope(ksssDetailListValue) },
    },
    handler: async (req) => ok(await deadTrees.treeList(ctx(req), req.body)),
  });

  app.post('/api/sync/ksssExcelUploadList', {
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: '枯死松树普查表导入任务',
      body: ksssListBody,
      response: { 200: envelope(ksssUploadListValue) },
    },
    handler: async (req) => ok(await deadTrees.uploadList(ctx(req), req.body)),
  });

  app.get('/api/sync/ksssUploadTask', {
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: '一个导入任务的状态与进度',
      querystring: ksssUploadTaskQuery,
      response: { 200: envelope(ksssUploadItem) },
    },
    handler: async (req) => ok(await deadTrees.uploadTask(ctx(req), req.query.id)),
  });

  app.post('/api/sync/exportKsssList', {
    config: { access: 'records.read' },
    schema: { tags, summary: '导出枯死松树普查 Excel（流式）', body: ksssExportBody },
    handler: async (req, reply) => sendFile(reply, deadTrees.exportCensus(ctx(req), req.body.xiaobanCode)),
  });

  app.post('/api/sync/exportKsssDetail', {
    config: { access: 'records.read' },
    schema: { tags, summary: '导出枯死松树明细 Excel（流式，列同导入模板）', body: ksssExportBody },
    handler: async (req, reply) => sendFile(reply, deadTrees.exportTrees(ctx(req), req.body.xiaobanCode)),
  });

  // Not in the spec: cancel an import still waiting or importing
  // (docs/decisions/0179-census-import-cancel-media-choice.md).
  app.post('/api/sync/ksssUploadCancel', {
    config: { access: 'records.edit' },
    schema: {
      tags,
      summary: '取消枯死松树普查表导入任务',
      body: ksssUploadCancelBody,
      response: { 200: envelope(ksssUploadItem) },
    },
    handler: async (req) =>
      ok(await deadTrees.cancelUpload(ctx(req), req.body.id), t(requestLang(req), 'ksssCancelled')),
  });

  app.get('/api/sync/ksssTemplate', {
    config: { access: 'records.read' },
    schema: { tags, summary: '下载枯死松树普查导入模板' },
    handler: async (req, reply) => sendFile(reply, deadTrees.template(requestLang(req))),
  });

  app.post('/api/sync/ksssExcelUpload', {
    config: { access: 'records.edit' },
    schema: {
      tags,
      summary: '上传枯死松树普查表（multipart，字段 file），排入导入任务',
      consumes: ['multipart/form-data'],
      response: { 200: envelope(ksssUploadItem) },
    },
    handler: async (req) => {
      if (!req.isMultipart()) {
        throw new AppError(ErrorCode.unsupportedMediaType, 'unsupportedContentType', {
          type: req.headers['content-type'] ?? '',
        });
      }
      const part = await req.file({ limits: { fileSize: fileKinds.import.maxBytes, files: 1 } });
      if (!part) throw new AppError(ErrorCode.validation, 'uploadNoFile');
      const { task, again } = await deadTrees.upload(ctx(req), part);
      return ok(
        task,
        again ? t(requestLang(req), 'ksssSameFile', { time: task.addTime }) : t(requestLang(req), 'ok'),
      );
    },
  });
};
