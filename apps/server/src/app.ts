import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ErrorCode, t } from '@pineguard/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import { areasRoutes } from './features/areas/routes.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { dictRoutes } from './features/dict/routes.ts';
import { invitationsRoutes } from './features/invitations/routes.ts';
import { menusRoutes } from './features/menus/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { wireProjects } from './features/projects/index.ts';
import { projectsRoutes } from './features/projects/routes.ts';
import {
  measures,
  projectMeasureCodes,
  projectTables,
  setRecordHoldings,
} from './features/standards/index.ts';
import { standardsRoutes } from './features/standards/routes.ts';
import { allAssignable, roleNames } from './features/roles/index.ts';
import { rolesRoutes } from './features/roles/routes.ts';
import { accountLabel, listUsers, liveUsersByIds } from './features/users/index.ts';
import { usersRoutes } from './features/users/routes.ts';
import { projectFileCount, projectStorageUsage } from './features/files/index.ts';
import { filesRoutes } from './features/files/routes.ts';
import {
  columnHasValues,
  examineRecords,
  liveRecordCount,
  setBurnPointFlags,
  tableRecordCount,
} from './features/records/index.ts';
import { recordsRoutes } from './features/records/routes.ts';
import { wireAnomalyChecks } from './features/anomalies/index.ts';
import { anomaliesRoutes } from './features/anomalies/routes.ts';
import { reconciliationRoutes } from './features/reconciliation/routes.ts';
import { systemRoutes } from './features/system/routes.ts';
import { workersHeldBy } from './features/workers/index.ts';
import { workersRoutes } from './features/workers/routes.ts';
import { exportsRoutes } from './features/exports/routes.ts';
import { noticesRoutes } from './features/notices/routes.ts';
import { deadTreesRoutes } from './features/deadTrees/routes.ts';
import { qrTagsRoutes } from './features/qrTags/routes.ts';
import { overviewRoutes } from './features/overview/routes.ts';
import { pointFlags } from './features/burnPoints/index.ts';
import { burnPointsRoutes } from './features/burnPoints/routes.ts';
import { burnReportsRoutes } from './features/burnReports/routes.ts';
import { gisMapRoutes } from './features/gisMap/routes.ts';
import { safetyRoutes } from './features/safety/routes.ts';
import { acceptanceRoutes } from './features/acceptance/routes.ts';
import { droneRoutes } from './features/drone/routes.ts';
import { evidenceRoutes } from './features/evidence/routes.ts';
import { isApiPath, registerAccessControl } from './platform/auth.ts';
import { listenForChanges } from './platform/changes.ts';
import { registerErrorHandling } from './platform/error-handler.ts';
import { clientErrorHandler, frameworkErrors } from './platform/framework-errors.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { requestLang } from './platform/lang.ts';
import { loggerOptions, oneLinePerRequest } from './platform/logging.ts';
import { validatorCompiler } from './platform/validation.ts';

import type { AppDeps } from './platform/deps.ts';

export type { AppDeps };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every /api route registered, for the route-table walk and the docs. */
    apiRoutes: { method: string; url: string; access: string; hasBody: boolean }[];
  }
}

/**
 * What projects learns from the features built on it (they all import projects, so projects
 * imports none of them): accounts, roles, the measure catalogue, storage, and what keeps a project
 * or a section from going. The holders' order is the refusal message's order.
 */
export function wireProjectPorts(): void {
  wireProjects({
    users: { candidates: listUsers, liveByIds: liveUsersByIds, label: accountLabel },
    roles: { allAssignable, names: roleNames },
    standards: { measures, projectMeasureCodes, projectTables },
    storageUsage: projectStorageUsage,
    projectHolders: [
      { label: 'holdsFiles', count: projectFileCount },
      { label: 'holdsRecords', count: (db, code) => liveRecordCount(db, code) },
      { label: 'holdsWorkers', count: (db, code) => workersHeldBy(db, code) },
    ],
    // Records are checked before workers: deleting a section names the first that holds it.
    sectionHolders: [
      { label: 'holdsRecords', refusal: 'hasRecords', count: liveRecordCount },
      { label: 'holdsWorkers', refusal: 'sectionHasWorkers', count: workersHeldBy },
    ],
  });
}

/** Builds the whole app without listening: main.ts listens, tests use inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Before any route: every entry point that builds the app (server, tests, benches) gets it.
  wireProjectPorts();
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    logController: oneLinePerRequest(),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors,
    clientErrorHandler,
    // The spec spells some paths with a trailing slash (delInvite/, addVisitUser/); accept both.
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.decorate('deps', deps);
  app.decorate('apiRoutes', []);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback hook, not an async one: it runs on every response, and an async hook costs a
  // promise and a microtask turn each time.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    done(null, payload);
  });

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, access: 'public' };
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.apiRoutes.push({
        method,
        url: route.url,
        access: route.config?.access ?? '',
        hasBody: Boolean(route.schema?.body),
      });
    }
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config.mapTiles);
  registerAccessControl(app, { db: deps.database.db, sessionTtlMs: config.sessionTtlMs });
  // Copies kept in process (sessions, names, totals) drop what another instance's writes changed.
  const stopListening = await listenForChanges(deps.database);
  app.addHook('onClose', stopListening);

  await app.register(fastifyMultipart, { limits: { files: 1, fields: 20 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'PineGuard API', description: config.appTitle, version: '0.1.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(filesRoutes);
  // Records flag burn records naming a suspended or unknown burn point (records do not import burn points).
  setBurnPointFlags(pointFlags);
  // Standards refuse retiring a table or retyping a column that records hold (standards do not import records).
  setRecordHoldings({ tableRecordCount, columnHasValues });
  // 疑点: the QR chain and value checks after each records write (the seed wires them too); a
  // confirmation may reject the record through records' review.
  wireAnomalyChecks({
    rejectRecords: (d, auth, projectCode, ids, reason) =>
      examineRecords(d, auth, projectCode, { ids, action: 'reject', reason }),
  });
  await app.register(recordsRoutes);
  await app.register(usersRoutes);
  await app.register(rolesRoutes);
  await app.register(menusRoutes);
  await app.register(invitationsRoutes);
  await app.register(auditRoutes);
  await app.register(dictRoutes);
  await app.register(projectsRoutes);
  await app.register(areasRoutes);
  await app.register(standardsRoutes);
  await app.register(workersRoutes);
  await app.register(exportsRoutes);
  await app.register(noticesRoutes);
  await app.register(deadTreesRoutes);
  await app.register(qrTagsRoutes);
  await app.register(overviewRoutes);
  await app.register(burnPointsRoutes);
  await app.register(burnReportsRoutes);
  await app.register(gisMapRoutes);
  await app.register(safetyRoutes);
  await app.register(anomaliesRoutes);
  await app.register(reconciliationRoutes);
  await app.register(evidenceRoutes);
  await app.register(acceptanceRoutes);
  await app.register(droneRoutes);

  registerWebApp(app, config.webDist);
  return app;
}

const immutable = 'public, max-age=31536000, immutable';
const hashedAsset = (path: string) => /[/\\]assets[/\\][^/\\]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/.test(path);

/** Serves the built web app; every non-/api path falls back to index.html for the SPA router. */
function registerWebApp(app: FastifyInstance, webDist: string): void {
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // name.br / name.gz written by the web build are sent to clients that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite names everything under assets/ by content hash: cache it for good. Anything
        // else (index.html, favicon…) is checked on every visit.
        res.setHeader('cache-control', hashedAsset(path) ? immutable : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const lang = requestLang(req);
    const path = req.url.split('?')[0] ?? '';
    const page = req.method === 'GET' || req.method === 'HEAD';
    if (path === '/api' || path.startsWith('/api/') || !hasWeb || !page) {
      return reply.status(200).send({
        code: ErrorCode.notFound,
        message: t(lang, 'apiNotFound', { method: req.method, url: path }),
        value: null,
      });
    }
    // The field app (/m/, its own page and bundle) beside the back office.
    const file = path === '/m' || path.startsWith('/m/') ? 'm.html' : 'index.html';
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile(file);
  });
}
