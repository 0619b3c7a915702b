import {
  columnDescriptor,
  envelope,
  factorCodeQuery,
  factorItem,
  measureItem,
  noValue,
  retireColumnBody,
  retireTableBody,
  saveMeasureBody,
  saveColumnBody,
  saveFactorBody,
  saveTableBody,
  standardTableItem,
  t,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import * as standards from './service.ts';

const tags = ['standards'];

export const standardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/standard/list', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: '标准表及字段描述（含已停用字段）',
      response: { 200: envelope(z.array(standardTableItem)) },
    },
    handler: async () => ok(await standards.tablesWithColumns(deps.database.db)),
  });

  app.post('/api/standard/saveTable', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '新增或修改标准表',
      body: saveTableBody,
      response: { 200: envelope(standardTableItem) },
    },
    handler: async (req) =>
      ok(await standards.saveTable(deps, authOf(req), req.body), t(requestLang(req), 'saved')),
  });

  app.post('/api/standard/saveColumn', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '新增或修改字段',
      body: saveColumnBody,
      response: { 200: envelope(columnDescriptor) },
    },
    handler: async (req) => {
      const lang = requestLang(req);
      return ok(await standards.saveColumn(deps, authOf(req), req.body, lang), t(lang, 'saved'));
    },
  });

  app.post('/api/standard/retireColumn', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '停用字段（已采集数据保留）',
      body: retireColumnBody,
      response: { 200: envelope(noValue) },
    },
    handler: async (req) => {
      await standards.retireColumn(deps, authOf(req), req.body.tableCode, req.body.code);
      return ok(null, t(requestLang(req), 'retired'));
    },
  });

  app.post('/api/standard/retireTable', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '停用自定义标准表（已采集数据保留；有项目使用或已有记录时拒绝）',
      body: retireTableBody,
      response: { 200: envelope(z.null()) },
    },
    handler: async (req) => {
      await standards.retireTable(deps, authOf(req), req.body.code);
      return ok(null, t(requestLang(req), 'retiredDone'));
    },
  });

  app.post('/api/standard/saveMeasure', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '新增或修改自定义标准表的防治措施',
      body: saveMeasureBody,
      response: { 200: envelope(measureItem) },
    },
    handler: async (req) =>
      ok(await standards.saveMeasure(deps, authOf(req), req.body), t(requestLang(req), 'saved')),
  });

  app.get('/api/yinzi/list', {
    config: { access: 'session' },
    schema: { tags, summary: '上报因子', response: { 200: envelope(z.array(factorItem)) } },
    handler: async () => ok(await standards.listFactors(deps)),
  });

  app.post('/api/yinzi/save', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '新增或修改上报因子',
      body: saveFactorBody,
      response: { 200: envelope(factorItem) },
    },
    handler: async (req) => {
      const lang = requestLang(req);
      return ok(await standards.saveFactor(deps, authOf(req), req.body, lang), t(lang, 'saved'));
    },
  });

  app.delete('/api/yinzi/delete', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '删除上报因子',
      querystring: factorCodeQuery,
      response: { 200: envelope(noValue) },
    },
    handler: async (req) => {
      await standards.deleteFactor(deps, authOf(req), req.query.code);
      return ok(null, t(requestLang(req), 'deleted'));
    },
  });
};
