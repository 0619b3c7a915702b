import { envelope, menuItemBody, menuRow, noValue, roleIdQuery, t } from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import * as menus from './service.ts';

const tags = ['menus'];

export const menusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/menu/list', {
    config: { access: 'project' },
    schema: { tags, summary: '资源（菜单）列表，平铺', response: { 200: envelope(z.array(menuRow)) } },
    handler: async (req) => ok(await menus.listMenus(deps, authOf(req))),
  });

  app.post('/api/menu/save', {
    config: { access: 'system.admin' },
    schema: { tags, summary: '新增或修改资源', body: menuItemBody, response: { 200: envelope(menuRow) } },
    handler: async (req) =>
      ok(await menus.saveMenu(deps, authOf(req), req.body), t(requestLang(req), 'saved')),
  });

  app.delete('/api/menu/delete', {
    config: { access: 'system.admin' },
    schema: { tags, summary: '删除资源', querystring: roleIdQuery, response: { 200: envelope(noValue) } },
    handler: async (req) => {
      await menus.deleteMenu(deps, authOf(req), req.query.id);
      return ok(null, t(requestLang(req), 'deleted'));
    },
  });
};
