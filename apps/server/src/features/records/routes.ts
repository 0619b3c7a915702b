import {
  changedValue,
  collectBody,
  collectValue,
  collectSetupValue,
  collectStatesBody,
  collectStatesValue,
  collectMineBody,
  collectMineValue,
  columnListBody,
  columnListValue,
  createdValue,
  delYmfsQuery,
  envelope,
  examineBody,
  examineUserListBody,
  examineUserListValue,
  examineYmfsBody,
  queryDataListBody,
  queryDataListValue,
  queryYmfsListBody,
  recordDetailValue,
  recordIdBody,
  recordIdQuery,
  recordIdsBody,
  t,
  tableSummaryQuery,
  tableSummaryValue,
  updateRecordBody,
  updateYmfsBody,
  uploadColumnsBody,
  uploadColumnsValue,
  uploadData4PCBody,
  ymfsDetailValue,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, prjCodeInBody, prjCodeInQuery, projectOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { managedProject } from '../../platform/scope.ts';
import { requestLang } from '../../platform/lang.ts';
import { plainJson } from '../../platform/serializer.ts';
import * as files from '../files/index.ts';
import { listJson } from './listJson.ts';
import { listText } from './listText.ts';
import * as records from './service.ts';

const tags = ['records'];

export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const sign: records.MediaSigner = (id, variant) => files.signMedia(deps.config.media, id, variant);

  app.post('/api/collect/records', {
    config: { access: 'files.upload' },
    bodyLimit: 12 * 1024 * 1024,
    schema: {
      tags,
      summary: '现场采集记录批量上传（每次最多 500 条，按 uuid 幂等；劳务人员只能在分配的标段采集）',
      body: collectBody,
      response: { 200: envelope(collectValue) },
    },
    handler: async (req) => {
      const lang = requestLang(req);
      const parsed = records.parseCollect(req.body.records, lang);
      const results = await records.ingest(deps, authOf(req), projectOf(req), parsed, lang);
      return ok({ results }, t(lang, 'ok'));
    },
  });

  app.get('/api/collect/setup', {
    config: { access: 'files.upload' },
    schema: {
      tags,
      summary: '现场采集准备：项目、可采集的标段（劳务人员为分配给本人的标段）、标准表及字段',
      response: { 200: envelope(collectSetupValue) },
    },
    handler: async (req) => ok(await records.fieldSetup(deps, authOf(req), projectOf(req))),
  });

  app.post('/api/collect/states', {
    config: { access: 'files.upload' },
    schema: {
      tags,
      summary: '本人上传记录的审核状态（退回时含原因）',
      body: collectStatesBody,
      response: { 200: envelope(collectStatesValue) },
    },
    handler: async (req) =>
      ok({ list: await records.ownStates(deps, authOf(req), projectOf(req), req.body.ids) }),
  });

  app.post('/api/collect/mine', {
    config: { access: 'files.upload' },
    schema: {
      tags,
      summary: '本人最近 30 天的采集记录（任何手机上传的，按游标分页）',
      body: collectMineBody,
      response: { 200: envelope(collectMineValue) },
    },
    handler: async (req) => ok(await records.ownRecent(deps, authOf(req), projectOf(req), req.body)),
  });

  app.post('/api/sync/queryDataList', {
    serializerCompiler: listJson,
    config: { access: 'records.read', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '采集数据列表',
      body: queryDataListBody,
      response: { 200: envelope(queryDataListValue) },
    },
    handler: async (req) => ok(await listText(deps, authOf(req), projectOf(req), req.body, sign)),
  });

  app.post('/api/sync/queryDataDetail', {
    serializerCompiler: plainJson,
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: '采集数据详情（字段、媒体、时间线）',
      body: recordIdBody,
      response: { 200: envelope(recordDetailValue) },
    },
    handler: async (req) =>
      ok({ data: await records.detail(deps, authOf(req), projectOf(req), req.body.id, sign) }),
  });

  app.post('/api/sync/uploadData4PC', {
    config: { access: 'files.upload' },
    schema: {
      tags,
      summary: 'PC 端录入一条采集数据',
      body: uploadData4PCBody,
      response: { 200: envelope(createdValue) },
    },
    handler: async (req) => {
      const lang = requestLang(req);
      const id = await records.uploadFromPc(
        deps,
        authOf(req),
        projectOf(req),
        req.body.tbName,
        req.body.data,
        lang,
      );
      return ok({ id }, t(lang, 'saved'));
    },
  });

  app.post('/api/data/examine', {
    config: {
      access: 'records.review',
      projectOf: (req) => (req.body as { filter?: { prjCode?: string } } | undefined)?.filter?.prjCode,
    },
    schema: {
      tags,
      summary: '审核采集数据（通过、退回、驳回）',
      body: examineBody,
      response: { 200: envelope(changedValue) },
    },
    handler: async (req) => {
      const lang = requestLang(req);
      const { ids, filter, expected, action, reason } = req.body;
      const value =
        filter && expected
          ? await records.examineByFilter(deps, authOf(req), projectOf(req), {
              filter,
              expected,
              action,
              reason,
            })
          : await records.examine(deps, authOf(req), projectOf(req), { ids: ids ?? [], action, reason });
      const key =
        req.body.action === 'approve' ? 'approved' : req.body.action === 'return' ? 'returned' : 'rejected';
      return ok(value, t(lang, key));
    },
  });

  app.post('/api/data/del', {
    config: { access: 'records.delete' },
    schema: {
      tags,
      summary: '删除采集数据（可恢复）',
      body: recordIdsBody,
      response: { 200: envelope(changedValue) },
    },
    handler: async (req) =>
      ok(
        await records.setDeleted(deps, authOf(req), projectOf(req), req.body.ids, true, req.body.reason),
        t(requestLang(req), 'deleted'),
      ),
  });

  app.post('/api/data/restore', {
    config: { access: 'records.delete' },
    schema: {
      tags,
      summary: '恢复已删除的采集数据',
      body: recordIdsBody,
      response: { 200: envelope(changedValue) },
    },
    handler: async (req) =>
      ok(
        await records.setDeleted(deps, authOf(req), projectOf(req), req.body.ids, false, req.body.reason),
        t(requestLang(req), 'restored'),
      ),
  });

  app.post('/api/data/update', {
    config: { access: 'records.edit' },
    schema: {
      tags,
      summary: '审核更正（保存修改前后的值）',
      body: updateRecordBody,
      response: { 200: envelope(changedValue) },
    },
    handler: async (req) => {
      const lang = requestLang(req);
      return ok(await records.correct(deps, authOf(req), projectOf(req), req.body, lang), t(lang, 'saved'));
    },
  });

  app.post('/api/data/columnList', {
    config: { access: 'records.read', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '标准表字段描述',
      body: columnListBody,
      response: { 200: envelope(columnListValue) },
    },
    handler: async (req) =>
      ok(
        await records.columnList(deps, projectOf(req), req.body.prjStandCode, req.body.withRetired ?? false),
      ),
  });

  app.post('/api/data/uploadColumns', {
    config: { access: 'records.read', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '录入字段（按防治措施或标准表）与可见标段',
      body: uploadColumnsBody,
      response: { 200: envelope(uploadColumnsValue) },
    },
    handler: async (req) =>
      ok(await records.uploadColumns(deps, authOf(req), projectOf(req), req.body.tbName, req.body.fzcs)),
  });

  /* ---- tree quantity (ymfs) ---- */

  app.post('/api/sync/queryYmfsList', {
    serializerCompiler: listJson,
    config: { access: 'records.read', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '疫木数量列表',
      body: queryYmfsListBody,
      response: { 200: envelope(queryDataListValue) },
    },
    handler: async (req) => ok(await listText(deps, authOf(req), projectOf(req), req.body, sign)),
  });

  app.get('/api/sync/queryYmfsDetail', {
    config: { access: 'records.read' },
    schema: {
      tags,
      summary: '疫木数量详情',
      querystring: recordIdQuery,
      response: { 200: envelope(ymfsDetailValue) },
    },
    handler: async (req) => {
      const data = await records.detail(deps, authOf(req), projectOf(req), req.query.id, sign);
      const beizhu = data['beizhu'];
      return ok({
        data,
        yimushuliang: data['yimushuliang'] ?? null,
        table_code: data.table_code,
        beizhu: typeof beizhu === 'string' ? beizhu : null,
      });
    },
  });

  app.delete('/api/data/delYmfs', {
    config: { access: 'records.delete' },
    schema: {
      tags,
      summary: '删除疫木数量记录',
      querystring: delYmfsQuery,
      response: { 200: envelope(changedValue) },
    },
    handler: async (req) =>
      ok(
        await records.setDeleted(deps, authOf(req), projectOf(req), [req.query.id], true),
        t(requestLang(req), 'deleted'),
      ),
  });

  app.post('/api/data/examineYmfs', {
    config: { access: 'records.review' },
    schema: {
      tags,
      summary: '疫木数量审核（code_result 20 通过）',
      body: examineYmfsBody,
      response: { 200: envelope(changedValue) },
    },
    handler: async (req) => {
      const action =
        req.body.code_result === 20 ? 'approve' : req.body.code_result === 30 ? 'return' : 'reject';
      const value = await records.examine(deps, authOf(req), projectOf(req), {
        ids: [req.body.pid],
        action,
        reason: req.body.extras,
      });
      return ok(
        value,
        t(
          requestLang(req),
          action === 'approve' ? 'approved' : action === 'return' ? 'returned' : 'rejected',
        ),
      );
    },
  });

  app.post('/api/data/updateYmfs', {
    config: {
      access: 'records.edit',
      projectOf: (req) => (req.body as { projectCode?: string } | undefined)?.projectCode,
    },
    schema: {
      tags,
      summary: '疫木数量整改',
      body: updateYmfsBody,
      response: { 200: envelope(changedValue) },
    },
    handler: async (req) => {
      const lang = requestLang(req);
      const fields: Record<string, unknown> = { yimushuliang: req.body.yimushuliang };
      if (req.body.beizhu !== undefined) fields['beizhu'] = req.body.beizhu;
      const value = await records.correct(
        deps,
        authOf(req),
        projectOf(req),
        { id: req.body.id, fields, reason: req.body.extras },
        lang,
      );
      return ok(value, t(lang, 'saved'));
    },
  });

  app.post('/api/sync/examineUserList', {
    config: {
      access: 'records.read',
      projectOf: (req) => (req.body as { prjCode?: string } | undefined)?.prjCode,
    },
    schema: {
      tags,
      summary: '可审核人员',
      body: examineUserListBody,
      response: { 200: envelope(examineUserListValue) },
    },
    handler: async (req) => ok(await records.examineUsers(deps, projectOf(req))),
  });

  app.get('/api/data/tableSummary', {
    config: { access: 'records.read', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '数据中心：项目各标准表的记录数（按状态）和最近数据日期；标段负责人只计本人负责的标段',
      querystring: tableSummaryQuery,
      response: { 200: envelope(tableSummaryValue) },
    },
    handler: async (req) =>
      ok(await records.tableSummary(deps, authOf(req), managedProject(req, req.query.prjCode))),
  });
};
