import {
  envelope,
  ErrorCode,
  healthValue,
  initBody,
  initStatusValue,
  initValue,
  systemSummaryValue,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import * as system from './service.ts';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/health', {
    config: { access: 'public' },
    schema: { tags, summary: '健康检查', response: { 200: envelope(healthValue) } },
    handler: async (req) => {
      try {
        await system.ping(deps);
      } catch (error) {
        req.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(ErrorCode.serverError, 'databaseUnavailable', {}, null, 503);
      }
      return ok({ status: 'ok' as const, database: deps.database.driver });
    },
  });

  app.get('/api/system/init', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: '是否已初始化；演示数据的加载进度',
      response: { 200: envelope(initStatusValue) },
    },
    handler: async () => ok(await system.initStatus(deps)),
  });

  app.post('/api/system/init', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: '首次运行：创建超级管理员（可同时加载演示数据，后台进行）',
      body: initBody,
      response: { 200: envelope(initValue) },
    },
    handler: async (req) => ok(await system.initialise(deps, req.body)),
  });

  app.get('/api/system/summary', {
    config: { access: 'system.admin' },
    schema: {
      tags,
      summary: '子系统首页统计',
      response: {
        200: envelope(systemSummaryValue),
      },
    },
    handler: async () => ok(await system.summary(deps)),
  });
};
