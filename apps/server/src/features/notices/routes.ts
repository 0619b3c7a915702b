import {
  envelope,
  noticeItem,
  noticeListBody,
  noticeReadBody,
  noticeReadValue,
  noticeSendBody,
  noticeSendValue,
  noticeUnreadValue,
  pageOf,
  t,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, projectOf, readToken } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import * as notices from './service.ts';
import { hubOf } from './stream.ts';

const tags = ['notices'];

export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const hub = hubOf(deps);
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => hub.close());

  app.post('/api/notice/list', {
    config: { access: 'session' },
    schema: {
      tags,
      summary: '我的消息列表',
      body: noticeListBody,
      response: { 200: envelope(pageOf(noticeItem)) },
    },
    handler: async (req) => {
      const { noticeKind, ...rest } = req.body;
      return ok(
        await notices.listNotices(deps, authOf(req), requestLang(req), { ...rest, kind: noticeKind }),
      );
    },
  });

  app.get('/api/notice/unreadCount', {
    config: { access: 'session' },
    schema: { tags, summary: '未读消息数', response: { 200: envelope(noticeUnreadValue) } },
    handler: async (req) => ok({ unread: await notices.unreadCount(deps, authOf(req).userId) }),
  });

  app.post('/api/notice/read', {
    config: { access: 'session' },
    schema: { tags, summary: '标记已读', body: noticeReadBody, response: { 200: envelope(noticeReadValue) } },
    handler: async (req) =>
      ok(
        await notices.markRead(deps, authOf(req), req.body.noticeIds),
        t(requestLang(req), 'noticesMarkedRead'),
      ),
  });

  app.post('/api/notice/readAll', {
    config: { access: 'session' },
    schema: { tags, summary: '全部标记已读', response: { 200: envelope(noticeReadValue) } },
    handler: async (req) =>
      ok(await notices.markRead(deps, authOf(req)), t(requestLang(req), 'noticesMarkedRead')),
  });

  app.post('/api/notice/send', {
    config: { access: 'users.manage' },
    schema: {
      tags,
      summary: '向本项目成员发送通知',
      body: noticeSendBody,
      response: { 200: envelope(noticeSendValue) },
    },
    handler: async (req) => {
      const sent = await notices.sendToProject(deps, authOf(req), projectOf(req), req.body);
      return ok({ sent }, t(requestLang(req), 'noticeSent', { count: sent }));
    },
  });

  /**
   * The unread count pushed as server-sent events (`Accept: text/event-stream`): an `unread`
   * event at once and on every change, a comment line as heartbeat. Without a valid session the
   * access check answers the usual envelope and the connection ends. Asked without that Accept
   * header it answers the count once as JSON (what a plain client or a route sweep gets).
   */
  app.get('/api/notice/stream', {
    config: { access: 'session' },
    schema: { tags, summary: '未读消息推送（text/event-stream）' },
    handler: async (req, reply) => {
      const auth = authOf(req);
      if (!String(req.headers.accept ?? '').includes('text/event-stream')) {
        return reply.send(ok({ unread: await notices.unreadCount(deps, auth.userId) }));
      }
      const out = await hub.open(auth, readToken(req)!, requestLang(req));
      reply.raw.on('close', () => out.destroy());
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  });
};
