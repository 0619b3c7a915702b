import {
  clockInBody,
  clockInListQuery,
  clockInListValue,
  clockInValue,
  envelope,
  unexamineValue,
  workerExamineBody,
  workerUnexamineBody,
  examineValue,
  faceUpdateBody,
  loadIdCardQuery,
  loadIdCardValue,
  lwryAqbbQuery,
  lwryCensusValue,
  lwryDetail,
  lwryExportBody,
  lwryFaceList,
  lwryFaceAddQuery,
  lwryFaceAddValue,
  lwryIdQuery,
  lwryInsertBody,
  lwryInsertValue,
  lwryListBody,
  lwryListValue,
  lwryUpdateBody,
  noValue,
  t,
  updateAllowCardBody,
} from '@pineguard/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, projectOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { plainJson } from '../../platform/serializer.ts';
import { sendDownload, XLSX_TYPE } from '../../platform/download.ts';
import * as clockIn from './clockIn.ts';
import type { WorkerContext } from './context.ts';
import { exportExcel } from './excelExport.ts';
import * as faces from './faces.ts';
import { examine, unexamine } from './review.ts';
import * as roster from './roster.ts';
import * as edit from './rosterEdit.ts';
import { loadIdCard } from './rules.ts';

const tags = ['workers'];

/** The spec's `projectcode` (insert body, lwryFaceAdd query) must be the session's project. */
const projectcodeInBody = (req: FastifyRequest) =>
  (req.body as { projectcode?: string } | undefined)?.projectcode || undefined;
const projectcodeInQuery = (req: FastifyRequest) =>
  (req.query as { projectcode?: string } | undefined)?.projectcode || undefined;

export const workersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const ctx = (req: FastifyRequest): WorkerContext => ({
    deps,
    auth: authOf(req),
    projectCode: projectOf(req),
    lang: requestLang(req),
  });
  const msg = (req: FastifyRequest, key: 'saved' | 'deleted' | 'ok') => t(requestLang(req), key);

  app.post('/api/lwryUser/lwryList', {
    config: { access: 'workers.read' },
    schema: {
      tags,
      summary: '劳务人员列表（身份证号脱敏）',
      body: lwryListBody,
      response: { 200: envelope(lwryListValue) },
    },
    serializerCompiler: plainJson,
    handler: async (req) => ok(await roster.list(ctx(req), req.body)),
  });

  app.get('/api/lwryUser/detail', {
    config: { access: 'workers.read' },
    schema: {
      tags,
      summary: '劳务人员详情',
      querystring: lwryIdQuery,
      response: { 200: envelope(lwryDetail) },
    },
    handler: async (req) => ok(await roster.detail(ctx(req), req.query.id)),
  });

  app.get('/api/lwryUser/loadIdCard', {
    config: { access: 'workers.read' },
    schema: {
      tags,
      summary: '解析身份证号：出生日期、性别、发证地区，及本项目是否已登记',
      querystring: loadIdCardQuery,
      response: { 200: envelope(loadIdCardValue) },
    },
    handler: async (req) => ok(await loadIdCard(ctx(req), req.query.idNumber)),
  });

  app.post('/api/lwryUser/insert', {
    config: { access: 'workers.manage', projectOf: projectcodeInBody },
    schema: {
      tags,
      summary: '新增劳务人员（待审核）',
      body: lwryInsertBody,
      response: { 200: envelope(lwryInsertValue) },
    },
    handler: async (req) => ok(await edit.insert(ctx(req), req.body), msg(req, 'saved')),
  });

  app.post('/api/lwryUser/update', {
    config: { access: 'workers.manage' },
    schema: { tags, summary: '修改劳务人员', body: lwryUpdateBody, response: { 200: envelope(noValue) } },
    handler: async (req) => {
      await edit.update(ctx(req), req.body);
      return ok(null, msg(req, 'saved'));
    },
  });

  app.delete('/api/lwryUser/deleteOne', {
    config: { access: 'workers.manage' },
    schema: {
      tags,
      summary: '删除劳务人员',
      querystring: lwryIdQuery,
      response: { 200: envelope(noValue) },
    },
    handler: async (req) => {
      await edit.remove(ctx(req), req.query.id);
      return ok(null, msg(req, 'deleted'));
    },
  });

  app.post('/api/lwryUser/updateAllowCard', {
    config: { access: 'workers.manage' },
    schema: {
      tags,
      summary: '开启或关闭打卡权限（需审核通过、投保且在保期内、有当前人脸）',
      body: updateAllowCardBody,
      response: { 200: envelope(noValue) },
    },
    handler: async (req) => {
      await clockIn.updateAllowCard(ctx(req), req.body.id, req.body.allowCard === 1);
      return ok(null, msg(req, 'saved'));
    },
  });

  app.post('/api/lwryUser/unexamine', {
    config: { access: 'workers.review' },
    schema: {
      tags,
      summary: '撤销审核（退回待审核，可批量）',
      body: workerUnexamineBody,
      response: { 200: envelope(unexamineValue) },
    },
    handler: async (req) => {
      const result = await unexamine(ctx(req), req.body);
      return ok(
        result,
        t(requestLang(req), 'workersReviewRevoked', {
          revoked: result.revoked,
          skipped: result.skipped.length,
        }),
      );
    },
  });

  app.post('/api/lwryUser/examine', {
    config: { access: 'workers.review' },
    schema: {
      tags,
      summary: '审核劳务人员（通过或驳回，可批量）',
      body: workerExamineBody,
      response: { 200: envelope(examineValue) },
    },
    handler: async (req) => {
      const result = await examine(ctx(req), req.body);
      return ok(
        result,
        t(requestLang(req), 'workersExamined', {
          approved: result.approved,
          rejected: result.rejected,
          skipped: result.skipped.length,
        }),
      );
    },
  });

  app.post('/api/lwry/faceUpdate', {
    config: { access: 'workers.manage' },
    schema: {
      tags,
      summary: '添加人脸照片或设为当前人脸',
      body: faceUpdateBody,
      response: { 200: envelope(lwryFaceList) },
    },
    handler: async (req) => ok(await faces.faceUpdate(ctx(req), req.body), msg(req, 'saved')),
  });

  app.get('/api/lwryUser/lwryFaceAdd', {
    config: { access: 'workers.manage', projectOf: projectcodeInQuery },
    schema: {
      tags,
      summary: '添加人脸照片的上传方式',
      querystring: lwryFaceAddQuery,
      response: { 200: envelope(lwryFaceAddValue) },
    },
    handler: async (req) => ok(await faces.faceAddInfo(ctx(req), req.query.lwryId)),
  });

  // The spec spells this path with a double slash; it is registered as spelled.
  app.get('/api/lwryUser//lwryAqbbList', {
    config: { access: 'workers.read' },
    schema: {
      tags,
      summary: '人脸照片列表',
      querystring: lwryAqbbQuery,
      response: { 200: envelope(lwryFaceList) },
    },
    handler: async (req) => ok(await faces.faces(ctx(req), req.query.lwryId)),
  });

  app.get('/api/lwryUser/lwryCensus', {
    config: { access: 'workers.read' },
    schema: { tags, summary: '劳务统计', response: { 200: envelope(lwryCensusValue) } },
    handler: async (req) => ok(await roster.statistics(ctx(req))),
  });

  // Not in the spec: the field app's clock-in (docs/decisions/0119-field-clock-in.md).
  app.post('/api/collect/clockIn', {
    config: { access: 'files.upload' },
    schema: {
      tags,
      summary: '现场打卡（人脸照片、位置；按 uuid 幂等；无打卡权限或保险无效时拒绝并说明原因）',
      body: clockInBody,
      response: { 200: envelope(clockInValue) },
    },
    handler: async (req) => ok(await clockIn.clockIn(ctx(req), req.body), t(requestLang(req), 'clockedIn')),
  });

  app.get('/api/lwryUser/clockInList', {
    config: { access: 'workers.read' },
    schema: {
      tags,
      summary: '劳务人员的打卡记录（新的在前）',
      querystring: clockInListQuery,
      response: { 200: envelope(clockInListValue) },
    },
    handler: async (req) => ok(await clockIn.clockIns(ctx(req), req.query)),
  });

  app.post('/api/lwryUser/lwryListExcelExport', {
    config: { access: 'workers.export' },
    schema: { tags, summary: '导出劳务人员 Excel（流式）', body: lwryExportBody },
    handler: async (req, reply) => {
      const { fileName, stream } = await exportExcel(ctx(req), req.body);
      return sendDownload(reply, { fileName, contentType: XLSX_TYPE, body: stream });
    },
  });
};
