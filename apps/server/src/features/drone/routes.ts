import {
  droneCandidatesQuery,
  droneCandidatesValue,
  droneCheckBody,
  droneDropBody,
  droneFieldQuery,
  droneIdParams,
  droneOrthoStartBody,
  dronePage,
  dronePartParams,
  droneReportRow,
  droneSettingsBody,
  droneTasksQuery,
  droneTasksValue,
  droneThresholdBody,
  envelope,
  ErrorCode,
} from '@pineguard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { authOf, projectOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { addAfterWrite } from '../records/index.ts';
import { candidateDetail, candidateList, dropCandidate, issueTasks, setThreshold } from './candidates.ts';
import { closeByFelling } from './close.ts';
import { startDetect } from './job.ts';
import { sendJsonValue } from './jsonReply.ts';
import { droneOrthoList, droneOrthoView, orthoForMedia } from './orthos.ts';
import { removeOrtho } from './removal.ts';
import { sectionReport } from './report.ts';
import { checkTask, fieldTasks, saveSettings, settings, taskList } from './tasks.ts';
import { chip, tile } from './tiles.ts';
import { completeUpload, type DroneCtx, findOrtho, PART_SIZE, putPart, startUpload } from './upload.ts';

const tags = ['drone'];

/**
 * 无人机巡查 (issue 32): orthophoto upload in parts, tiles and chips, detection, candidates,
 * verification tasks (back office and field app), settings and the per-section report. Registering
 * the plugin also hooks the close-by-felling check into records' writes.
 */
export const droneRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  addAfterWrite(closeByFelling);
  const ctx = (req: FastifyRequest): DroneCtx => ({ deps, auth: authOf(req), projectCode: projectOf(req) });
  // Parts arrive as raw bytes: the body is the request stream itself, piped to storage.
  app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));

  app.get('/api/drone/orthophotos', {
    config: { access: 'records.read' },
    schema: { tags, summary: '正射影像列表', querystring: dronePage },
    handler: async (req) => ok(await droneOrthoList(ctx(req), req.query)),
  });
  app.post('/api/drone/orthophotos', {
    config: { access: 'records.review' },
    schema: { tags, summary: '开始上传正射影像（声明大小，按分片上传）', body: droneOrthoStartBody },
    handler: async (req) => ok(await droneOrthoView(ctx(req), await startUpload(ctx(req), req.body))),
  });
  app.get('/api/drone/orthophotos/:id', {
    config: { access: 'records.read' },
    schema: { tags, summary: '正射影像（含已收到的分片）', params: droneIdParams },
    handler: async (req) => ok(await droneOrthoView(ctx(req), await findOrtho(ctx(req), req.params.id))),
  });
  app.put('/api/drone/orthophotos/:id/parts/:n', {
    config: { access: 'records.review' },
    bodyLimit: PART_SIZE + 1024,
    schema: { tags, summary: '上传一个分片（application/octet-stream）', params: dronePartParams },
    handler: async (req) => {
      if (!req.body || typeof (req.body as Readable).pipe !== 'function') {
        throw new AppError(ErrorCode.validation, 'unsupportedContentType', {}, { field: 'body' });
      }
      return ok({ received: await putPart(ctx(req), req.params.id, req.params.n, req.body as Readable) });
    },
  });
  app.post('/api/drone/orthophotos/:id/complete', {
    config: { access: 'records.review' },
    schema: { tags, summary: '完成上传：读取并检查地理参考', params: droneIdParams },
    handler: async (req) => ok(await droneOrthoView(ctx(req), await completeUpload(ctx(req), req.params.id))),
  });
  app.delete('/api/drone/orthophotos/:id', {
    config: { access: 'records.review' },
    schema: { tags, summary: '删除正射影像（含分片、瓦片与候选）', params: droneIdParams },
    handler: async (req) => {
      await removeOrtho(deps, await findOrtho(ctx(req), req.params.id));
      return ok(null);
    },
  });
  app.post('/api/drone/orthophotos/:id/detect', {
    config: { access: 'records.review' },
    schema: { tags, summary: '开始识别（后台任务）', params: droneIdParams },
    handler: async (req) => {
      const c = ctx(req);
      const row = await findOrtho(c, req.params.id);
      if (row.state !== 'ready') throw new AppError(ErrorCode.conflict, 'droneNotReady');
      if (row.detectState === 'queued' || row.detectState === 'running') {
        throw new AppError(ErrorCode.conflict, 'droneDetectRunning');
      }
      return ok(await droneOrthoView(c, await startDetect(c, row)));
    },
  });
  app.get('/api/drone/orthophotos/:id/candidates', {
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: '候选枯死树冠（按得分，地图与灵敏度滑块用）',
      params: droneIdParams,
      querystring: droneCandidatesQuery,
      response: { 200: envelope(droneCandidatesValue) },
    },
    // Sent as the database built it (columns, one JSON text), gzipped when large.
    handler: async (req, reply) =>
      sendJsonValue(req, reply, await candidateList(ctx(req), req.params.id, req.query.minScore)),
  });
  app.post('/api/drone/orthophotos/:id/threshold', {
    config: { access: 'records.review' },
    schema: { tags, summary: '保存灵敏度', params: droneIdParams, body: droneThresholdBody },
    handler: async (req) => {
      await setThreshold(ctx(req), req.params.id, req.body.threshold);
      return ok(null);
    },
  });
  app.post('/api/drone/orthophotos/:id/issue', {
    config: { access: 'records.review' },
    schema: { tags, summary: '按灵敏度下发核查任务', params: droneIdParams },
    handler: async (req) => ok({ issued: await issueTasks(ctx(req), req.params.id) }),
  });
  app.get('/api/drone/candidates/:id', {
    config: { access: 'records.read' },
    schema: { tags, summary: '候选详情（WGS 84 与 CGCS2000 坐标）', params: droneIdParams },
    handler: async (req) => ok(await candidateDetail(ctx(req), req.params.id)),
  });
  app.post('/api/drone/candidates/:id/drop', {
    config: { access: 'records.review' },
    schema: { tags, summary: '手工剔除或恢复候选', params: droneIdParams, body: droneDropBody },
    handler: async (req) => ok(await dropCandidate(ctx(req), req.params.id, req.body.dropped)),
  });
  app.get('/api/drone/tasks', {
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: '核查任务列表',
      querystring: droneTasksQuery,
      response: { 200: envelope(droneTasksValue) },
    },
    handler: async (req) => {
      const { overdue, ...q } = req.query;
      return ok(await taskList(ctx(req), { ...q, overdue: overdue === '1' }));
    },
  });
  app.get('/api/drone/field/tasks', {
    config: { access: 'project' },
    schema: { tags, summary: '手机端：我的待核查任务（由近及远）', querystring: droneFieldQuery },
    handler: async (req) => ok(await fieldTasks(ctx(req), req.query)),
  });
  app.post('/api/drone/field/tasks/:id/check', {
    config: { access: 'project' },
    schema: {
      tags,
      summary: '手机端：确认枯死或排除（附原因）',
      params: droneIdParams,
      body: droneCheckBody,
    },
    handler: async (req) => ok(await checkTask(ctx(req), req.params.id, req.body)),
  });
  app.get('/api/drone/settings', {
    config: { access: 'records.read' },
    schema: { tags, summary: '闭环设置（采伐关闭半径、核查时限）' },
    handler: async (req) => ok(await settings(ctx(req))),
  });
  app.post('/api/drone/settings', {
    config: { access: 'records.review' },
    schema: { tags, summary: '保存闭环设置', body: droneSettingsBody },
    handler: async (req) => ok(await saveSettings(ctx(req), req.body)),
  });
  app.get('/api/drone/report', {
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: '按标段：无人机候选、确认、采伐与普查数及差异',
      response: { 200: envelope(z.array(droneReportRow)) },
    },
    handler: async (req) => ok(await sectionReport(ctx(req))),
  });

  // Tiles and chips load as images (no token header): the orthophoto's signed query is the permission.
  const media = z.object({ e: z.coerce.number(), s: z.string().max(100) });
  app.get('/api/drone/tile/:id/:z/:x/:y', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: '正射影像瓦片（XYZ，PNG，签名地址）',
      params: z.object({
        id: z.uuid(),
        z: z.coerce.number().int().min(0).max(24),
        x: z.coerce.number().int().min(0),
        y: z.string().regex(/^\d+(\.png)?$/),
      }),
      querystring: media,
    },
    handler: async (req, reply) => {
      const row = await orthoForMedia(deps, req.params.id, req.query.e, req.query.s);
      const png = await tile(deps, row, req.params.z, req.params.x, Number.parseInt(req.params.y, 10));
      return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(png);
    },
  });
  app.get('/api/drone/chip/:id/:px/:py', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: '候选树冠小图（JPEG，签名地址）',
      params: z.object({
        id: z.uuid(),
        px: z.coerce.number().int().min(0),
        py: z.string().regex(/^\d+(\.jpg)?$/),
      }),
      querystring: media,
    },
    handler: async (req, reply) => {
      const row = await orthoForMedia(deps, req.params.id, req.query.e, req.query.s);
      const jpg = await chip(deps, row, req.params.px, Number.parseInt(req.params.py, 10));
      return reply.type('image/jpeg').header('cache-control', 'private, max-age=86400').send(jpg);
    },
  });
};
