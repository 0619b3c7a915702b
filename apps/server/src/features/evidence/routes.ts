import {
  envelope,
  evidenceProjectQuery,
  evidenceSettingsBody,
  evidenceStatusValue,
  evidenceViewQuery,
  evidenceViewValue,
} from '@pineguard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../platform/audit.ts';
import { authOf, prjCodeInBody, prjCodeInQuery } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { managedProject } from '../../platform/scope.ts';
import { EVIDENCE_JOB } from './kinds.ts';
import * as q from './queries.ts';
import './run.ts';
import { saveSettings } from './settings.ts';
import { status, view } from './view.ts';

const tags = ['anomalies'];

/**
 * Evidence checks (issue 30), registered by the anomalies routes: the thresholds and the run's
 * progress (anomalies.read), changing them and checking every record again (anomalies.confirm,
 * the supervisor's), and what the 疑点 screen shows beside one anomaly.
 */
export const evidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get('/api/evidence/status', {
    config: { access: 'anomalies.read', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '证据检查：阈值、待检查记录数、最近一次检查的进度',
      querystring: evidenceProjectQuery,
      response: { 200: envelope(evidenceStatusValue) },
    },
    handler: async (req) => ok(await status(deps, managedProject(req, req.query.prjCode))),
  });

  app.post('/api/evidence/settings', {
    config: { access: 'anomalies.confirm', projectOf: prjCodeInBody },
    schema: {
      tags,
      summary: '修改证据检查阈值（rerun 为真时重新检查全部记录）',
      body: evidenceSettingsBody,
      response: { 200: envelope(evidenceStatusValue) },
    },
    handler: async (req) => {
      const projectCode = managedProject(req, req.body.prjCode);
      const auth = authOf(req);
      const { prjCode: _p, rerun, ...settings } = req.body;
      const { db } = deps.database;
      const before = await status(deps, projectCode);
      await db.transaction(async (tx) => {
        await saveSettings(tx, projectCode, settings);
        await audit(tx, {
          actorId: auth.userId,
          projectCode,
          action: 'update',
          entity: 'project',
          entityId: projectCode,
          summary: `evidence ${projectCode}`,
          params: { kind: 'evidence', rerun },
          before: before.settings,
          after: { ...before.settings, ...settings },
        });
        if (rerun) await q.queueProject(tx, projectCode);
      });
      if (rerun) await enqueueJob(deps, { kind: EVIDENCE_JOB, projectCode, userId: auth.userId, params: {} });
      return ok(await status(deps, projectCode));
    },
  });

  app.get('/api/evidence/anomaly', {
    config: { access: 'anomalies.read', projectOf: prjCodeInQuery },
    schema: {
      tags,
      summary: '一条疑点的证据：两条记录的照片、时间、位置与标段边界',
      querystring: evidenceViewQuery,
      response: { 200: envelope(evidenceViewValue) },
    },
    handler: async (req) =>
      ok(await view(deps, authOf(req), managedProject(req, req.query.prjCode), req.query.id)),
  });
};
