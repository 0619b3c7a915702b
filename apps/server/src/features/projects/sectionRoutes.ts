import {
  boundaryImportQuery,
  boundaryImportValue,
  boundaryLimits,
  ErrorCode,
  sectionBoundaryItem,
  envelope,
  noValue,
  pageOf,
  pageQuery,
  sectionBody,
  sectionIdBody,
  sectionItem,
  t,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import * as boundaries from './boundaries.ts';
import * as sections from './sections.ts';

const tags = ['projects'];

/** A project's sections (标段) and their boundaries. */
export const sectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.post('/api/project/prj1BDList', {
    config: { access: 'projects.read' },
    schema: { tags, summary: '标段列表', body: pageQuery, response: { 200: envelope(pageOf(sectionItem)) } },
    handler: async (req) => {
      const { pageNum, pageSize } = req.body;
      return ok(await sections.sectionPage(deps, managedProject(req), { pageNum, pageSize }));
    },
  });

  app.get('/api/project/selectBDInfo', {
    config: { access: 'projects.read' },
    schema: {
      tags,
      summary: '标段详情',
      querystring: z.object({ id: z.uuid() }),
      response: { 200: envelope(sectionItem) },
    },
    handler: async (req) => ok(await sections.section(deps, managedProject(req), req.query.id)),
  });

  app.post('/api/project/updateBdInfo', {
    config: { access: 'projects.manage' },
    schema: { tags, summary: '新增或修改标段', body: sectionBody, response: { 200: envelope(sectionItem) } },
    handler: async (req) =>
      ok(
        await sections.saveSection(deps, authOf(req), managedProject(req), req.body),
        t(requestLang(req), 'saved'),
      ),
  });

  app.post('/api/project/delBdInfo', {
    config: { access: 'projects.manage' },
    schema: { tags, summary: '删除标段', body: sectionIdBody, response: { 200: envelope(noValue) } },
    handler: async (req) => {
      await sections.removeSection(deps, authOf(req), managedProject(req), req.body.id);
      return ok(null, t(requestLang(req), 'deleted'));
    },
  });

  app.get('/api/project/bdBoundaries', {
    config: { access: 'projects.read' },
    schema: {
      tags,
      summary: '标段边界（地图用，WGS 84 MultiPolygon）',
      response: { 200: envelope(z.array(sectionBoundaryItem)) },
    },
    handler: async (req) => ok(await boundaries.sectionBoundaries(deps, managedProject(req))),
  });

  app.post('/api/project/importBdBoundary', {
    config: { access: 'projects.manage' },
    schema: {
      tags,
      summary: '导入标段边界（multipart，字段 file：shapefile ZIP 或 GeoJSON；mode=preview 只检查）',
      consumes: ['multipart/form-data'],
      querystring: boundaryImportQuery,
      response: { 200: envelope(boundaryImportValue) },
    },
    handler: async (req) => {
      if (!req.isMultipart()) {
        throw new AppError(ErrorCode.unsupportedMediaType, 'unsupportedContentType', {
          type: req.headers['content-type'] ?? '',
        });
      }
      const part = await req.file({ limits: { fileSize: boundaryLimits.maxBytes, files: 1 } });
      if (!part) throw new AppError(ErrorCode.validation, 'uploadNoFile');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if (part.file.truncated || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(ErrorCode.validation, 'boundaryTooBig', {
            what: '文件大小',
            count: `> ${boundaryLimits.maxBytes}`,
            max: boundaryLimits.maxBytes,
          });
        }
        throw error;
      }
      const value = await boundaries.importBoundaries(
        deps,
        authOf(req),
        managedProject(req),
        { name: part.filename || 'boundary', bytes },
        req.query,
      );
      return ok(
        value,
        value.applied
          ? t(requestLang(req), 'boundaryImported', { count: value.sections.length })
          : t(requestLang(req), 'ok'),
      );
    },
  });

  app.post('/api/project/clearBdBoundary', {
    config: { access: 'projects.manage' },
    schema: { tags, summary: '清除标段边界', body: sectionIdBody, response: { 200: envelope(noValue) } },
    handler: async (req) => {
      await boundaries.clearBoundary(deps, authOf(req), managedProject(req), req.body.id);
      return ok(null, t(requestLang(req), 'saved'));
    },
  });
};
