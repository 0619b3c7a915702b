import {
  ErrorCode,
  envelope,
  fileInfo,
  fileKinds,
  t,
  uploadConfigValue,
  uploadQuery,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, projectOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLang } from '../../platform/lang.ts';
import * as files from './service.ts';

const tags = ['files'];

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/file/upload', {
    config: { access: 'files.upload' },
    schema: {
      tags,
      summary: '上传文件（multipart，字段 file）',
      querystring: uploadQuery,
      consumes: ['multipart/form-data'],
      response: { 200: envelope(fileInfo) },
    },
    handler: async (req) => {
      const kind = req.query.kind;
      const lang = requestLang(req);
      if (!req.isMultipart()) {
        throw new AppError(ErrorCode.unsupportedMediaType, 'unsupportedContentType', {
          type: req.headers['content-type'] ?? '',
        });
      }
      const part = await req.file({ limits: { fileSize: fileKinds[kind].maxBytes, files: 1 } });
      if (!part) throw new AppError(ErrorCode.validation, 'uploadNoFile');
      return ok(await files.upload(deps, authOf(req), projectOf(req), kind, part, lang));
    },
  });

  app.get('/api/file/:id', {
    config: { access: 'files.read' },
    schema: {
      tags,
      summary: '下载文件（支持 Range）',
      params: z.object({ id: z.uuid() }),
    },
    handler: async (req, reply) => {
      const result = await files.download(deps, authOf(req), req.params.id, req.headers.range);
      return reply.status(result.status).headers(result.headers).send(result.body);
    },
  });

  app.get('/api/media/:id', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: '签名媒体地址（照片、缩略图、视频，支持 Range；几分钟内有效）',
      params: z.object({ id: z.uuid() }),
      querystring: z.object({
        v: z.enum(['full', 'thumb']),
        e: z.coerce.number().int(),
        s: z.string().max(100),
      }),
    },
    handler: async (req, reply) => {
      const { v, e, s } = req.query;
      if (!files.verifyMedia(deps.config.media, req.params.id, v, e, s)) {
        throw new AppError(ErrorCode.forbidden, 'forbidden', {}, null, 403);
      }
      const result = await files.mediaDownload(deps, req.params.id, v, req.headers.range);
      return reply.status(result.status).headers(result.headers).send(result.body);
    },
  });

  app.get('/api/oss/normalConfig', {
    config: { access: 'session' },
    schema: { tags, summary: '上传方式与限制', response: { 200: envelope(uploadConfigValue) } },
    handler: async (req) =>
      ok(
        {
          driver: deps.storage.driver,
          uploadUrl: '/api/file/upload',
          limits: Object.fromEntries(
            Object.entries(fileKinds).map(([k, v]) => [k, { maxBytes: v.maxBytes, types: [...v.types] }]),
          ),
        },
        t(requestLang(req), 'ok'),
      ),
  });
};
