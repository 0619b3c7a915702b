import { envelope, reconcileQuery, reconcileValue } from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, prjCodeInQuery } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requestLang } from '../../platform/lang.ts';
import { managedProject } from '../../platform/scope.ts';
import * as projects from '../projects/index.ts';
import { reconcileWorkbook } from './export.ts';
import { reconcile } from './service.ts';
import { sendDownload, XLSX_TYPE } from '../../platform/download.ts';
import { sharedJson } from '../../platform/serializer.ts';

const tags = ['reconciliation'];

/** 核对: felled → tagged → burned per section and day, and its Excel export (reconciliation.read). */
export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/reconcile/summary', {
    config: { access: 'reconciliation.read', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '采伐—挂码—焚烧核对：按标段、按日的株数、挂码、吨、立方米、差额与累计未焚烧',
      querystring: reconcileQuery,
      response: { 200: envelope(reconcileValue) },
    },
    // The same remembered object for every caller of a view (service.ts): serialised once.
    serializerCompiler: sharedJson,
    handler: async (req) =>
      ok(
        await reconcile(
          deps,
          authOf(req),
          managedProject(req, req.query.prjCode),
          req.query,
          requestLang(req),
        ),
      ),
  });

  app.get('/api/reconcile/export', {
    config: { access: 'reconciliation.read', projectOf: prjCodeInQuery },
    schema: { tags, summary: '核对导出 Excel（按标段、按日两张表）', querystring: reconcileQuery },
    handler: async (req, reply) => {
      const lang = requestLang(req);
      const projectCode = managedProject(req, req.query.prjCode);
      const value = await reconcile(deps, authOf(req), projectCode, { ...req.query, withDays: true }, lang);
      const name = (await projects.projectName(deps.database.db, projectCode)) ?? projectCode;
      return sendDownload(reply, {
        fileName: `reconcile-${projectCode}-${value.begin}-${value.end}.xlsx`,
        contentType: XLSX_TYPE,
        body: await reconcileWorkbook(value, name, lang),
      });
    },
  });
};
