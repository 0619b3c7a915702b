import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, type RouteAccess } from '@pineguard/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { projects, roles, sessions, userProjectRoles, users } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: every /api route must say (checked when routes are registered). */
    access?: RouteAccess;
    /** The project a request's data belongs to, read after validation; checked against the session. */
    projectOf?: (req: FastifyRequest) => string | undefined;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export type AuthContext = {
  sessionId: string;
  userId: string;
  account: string;
  isSuperAdmin: boolean;
  projectCode: string | null;
  roleId: number | null;
  roleCodes: string[];
  permissions: Set<string>;
};

/** /api/… and the spec's misspelt /apiproject/… */
export function isApiPath(url: string): boolean {
  return /^\/api(project)?\//.test(url);
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The token from `token`, `X-Token` or `Authorization: Bearer`, whichever the client sends. */
export function readToken(req: FastifyRequest): string | undefined {
  const h = req.headers;
  const direct = h.token ?? h['x-token'];
  if (typeof direct === 'string' && direct) return direct;
  const bearer = h.authorization;
  if (typeof bearer === 'string' && bearer.toLowerCase().startsWith('bearer ')) {
    return bearer.slice(7).trim() || undefined;
  }
  return undefined;
}

/** Sliding expiry is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export async function resolveSession(db: Db, token: string, ttlMs: number): Promise<AuthContext> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.tokenInvalid, 'tokenInvalid');
  const { session, user } = row;
  if (session.endedAt) {
    throw session.endReason === 'elsewhere'
      ? new AppError(ErrorCode.signedInElsewhere, 'signedInElsewhere')
      : new AppError(ErrorCode.tokenInvalid, 'tokenInvalid');
  }
  const now = Date.now();
  if (session.expiresAt.getTime() <= now || user.deletedAt || user.status !== 'active') {
    throw new AppError(ErrorCode.tokenInvalid, 'tokenInvalid');
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + ttlMs) })
      .where(eq(sessions.id, session.id));
  }
  // The selected project counts only while it is live and the user still holds a role there
  // (the active one, when one is chosen); otherwise the session has no project (projectRequired).
  let projectCode = session.projectCode;
  let grants: { roleCodes: string[]; permissions: Set<string> } = { roleCodes: [], permissions: new Set() };
  if (projectCode) {
    const held = await projectGrants(db, user.id, projectCode, session.roleId);
    if (held.roleCodes.length) grants = held;
    else if (!(user.isSuperAdmin && (await isLiveProject(db, projectCode)))) projectCode = null;
  }
  return {
    sessionId: session.id,
    userId: user.id,
    account: user.account,
    isSuperAdmin: user.isSuperAdmin,
    projectCode,
    roleId: projectCode ? session.roleId : null,
    ...grants,
  };
}

/** The project exists and is not deleted. */
export async function isLiveProject(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: projects.code })
    .from(projects)
    .where(and(eq(projects.code, code), isNull(projects.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * The user's roles and permissions in one live project; only the active role when one is chosen.
 * A deleted project grants nothing.
 */
export async function projectGrants(
  db: Db,
  userId: string,
  projectCode: string,
  activeRoleId: number | null,
): Promise<{ roleCodes: string[]; permissions: Set<string> }> {
  const rows = await db
    .select({ id: roles.id, code: roles.code, permissions: roles.permissions })
    .from(userProjectRoles)
    .innerJoin(roles, eq(roles.id, userProjectRoles.roleId))
    .innerJoin(projects, and(eq(projects.code, userProjectRoles.projectCode), isNull(projects.deletedAt)))
    .where(and(eq(userProjectRoles.userId, userId), eq(userProjectRoles.projectCode, projectCode)));
  const active = activeRoleId ? rows.filter((r) => r.id === activeRoleId) : rows;
  return {
    roleCodes: active.map((r) => r.code),
    permissions: new Set(active.flatMap((r) => r.permissions)),
  };
}

type SessionEndReason = (typeof sessions.$inferSelect)['endReason'];

export async function endSession(db: Pick<Db, 'update'>, sessionId: string, reason: SessionEndReason) {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.endedAt)));
}

export async function endSessions(
  db: Pick<Db, 'update'>,
  where: { userId: string; exceptSessionId?: string; client?: number },
  reason: SessionEndReason,
): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(
      and(
        eq(sessions.userId, where.userId),
        isNull(sessions.endedAt),
        where.exceptSessionId ? sql`${sessions.id} <> ${where.exceptSessionId}` : undefined,
        where.client ? eq(sessions.client, where.client) : undefined,
      ),
    );
}

/** Ends every session that has the project selected (the project was deleted). */
export async function endProjectSessions(db: Pick<Db, 'update'>, projectCode: string): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: 'deleted' })
    .where(and(eq(sessions.projectCode, projectCode), isNull(sessions.endedAt)));
}

/** The signed-in user of a route whose access is not `public`. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError(ErrorCode.notSignedIn, 'notSignedIn');
  return req.auth;
}

/** `projectOf` readers: the `prjCode` a request names in its body or its query string. */
export const prjCodeInBody = (req: FastifyRequest) => (req.body as { prjCode?: string } | undefined)?.prjCode;
export const prjCodeInQuery = (req: FastifyRequest) =>
  (req.query as { prjCode?: string } | undefined)?.prjCode;

/** The selected project of a project-scoped route. */
export function projectOf(req: FastifyRequest): string {
  const code = authOf(req).projectCode;
  if (!code) throw new AppError(ErrorCode.projectRequired, 'projectRequired');
  return code;
}

/**
 * One gate for every /api route: refuses to register a route that does not declare `access`,
 * then checks session, permission and project before the handler runs.
 */
export function registerAccessControl(app: FastifyInstance, deps: { db: Db; sessionTtlMs: number }): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url) || route.method === 'HEAD') return;
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    const token = readToken(req);
    if (!token) throw new AppError(ErrorCode.notSignedIn, 'notSignedIn');
    const auth = await resolveSession(deps.db, token, deps.sessionTtlMs);
    req.auth = auth;
    if (access === 'session') return;
    if (access === 'system.admin') {
      if (!auth.isSuperAdmin) throw new AppError(ErrorCode.forbidden, 'forbidden');
      return;
    }
    if (!auth.projectCode) throw new AppError(ErrorCode.projectRequired, 'projectRequired');
    if (access === 'project' || auth.isSuperAdmin) return;
    if (!auth.permissions.has(access)) throw new AppError(ErrorCode.forbidden, 'forbidden');
  });

  app.addHook('preHandler', async (req) => {
    const pick = req.routeOptions.config.projectOf;
    const auth = req.auth;
    if (!pick || !auth) return;
    const named = pick(req);
    if (named === undefined || named === auth.projectCode || auth.isSuperAdmin) return;
    throw new AppError(ErrorCode.forbidden, 'otherProject');
  });
}
