import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, type RouteAccess } from '@pineguard/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { projects, roles, sessions, userProjectRoles, users } from '../db/schema/index.ts';
import { changedHere } from './changes.ts';
import { AppError } from './errors.ts';
import { sessionCacheOf } from './sessionCache.ts';

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

/** A session's roles in its selected project: one row per role held there (a live project only). */
type HeldRole = { id: number; code: string; permissions: string[] };

/**
 * The session, its user and the user's roles in the selected project in ONE query (the grants and
 * the project's liveness are sub-selects of the same statement). A valid session is then
 * remembered (platform/sessionCache.ts): the change feed drops it on every instance when a write
 * ends it, suspends its user, edits a membership or a role or deletes its project.
 */
function sessionQuery(db: Db) {
  return db
    .select({
      id: sessions.id,
      projectCode: sessions.projectCode,
      roleId: sessions.roleId,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      endedAt: sessions.endedAt,
      endReason: sessions.endReason,
      userId: users.id,
      account: users.account,
      isSuperAdmin: users.isSuperAdmin,
      status: users.status,
      deletedAt: users.deletedAt,
      held: sql<
        HeldRole[] | string | null
      >`(select json_agg(json_build_object('id', r.id, 'code', r.code, 'permissions', r.permissions))
        from ${userProjectRoles} upr
        join ${roles} r on r.id = upr.role_id
        join ${projects} p on p.code = upr.project_code and p.deleted_at is null
        where upr.user_id = ${sessions.userId} and upr.project_code = ${sessions.projectCode})`,
      projectLive: sql<boolean>`exists(select 1 from ${projects} p
        where p.code = ${sessions.projectCode} and p.deleted_at is null)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('resolve_session');
}
/** Built once per database: the statement is the same on every request (no per-request query building). */
const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/**
 * The session of `token` when this process remembers it and it needs no touch: no statement and
 * no promise (the access hook's common case). Otherwise undefined: resolveSession then decides.
 */
export function cachedSession(db: Db, token: string): AuthContext | undefined {
  const now = Date.now();
  const hit = sessionCacheOf<AuthContext>(db).get(hashToken(token), now);
  return hit && now - hit.lastSeenAt <= TOUCH_INTERVAL_MS ? hit.value : undefined;
}

export async function resolveSession(db: Db, token: string, ttlMs: number): Promise<AuthContext> {
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf<AuthContext>(db);
  const now = Date.now();
  const hit = cache.get(tokenHash, now);
  if (hit) {
    if (now - hit.lastSeenAt > TOUCH_INTERVAL_MS) {
      hit.lastSeenAt = now;
      hit.expiresAt = now + ttlMs;
      await touch(db, hit.sessionId, now, ttlMs);
    }
    return hit.value;
  }
  const mark = cache.mark();
  let prepared = sessionQueries.get(db);
  if (!prepared) sessionQueries.set(db, (prepared = sessionQuery(db)));
  const [row] = await prepared.execute({ tokenHash });
  if (!row) throw new AppError(ErrorCode.tokenInvalid, 'tokenInvalid');
  if (row.endedAt) {
    throw row.endReason === 'elsewhere'
      ? new AppError(ErrorCode.signedInElsewhere, 'signedInElsewhere')
      : new AppError(ErrorCode.tokenInvalid, 'tokenInvalid');
  }
  if (row.expiresAt.getTime() <= now || row.deletedAt || row.status !== 'active') {
    throw new AppError(ErrorCode.tokenInvalid, 'tokenInvalid');
  }
  let lastSeenAt = row.lastSeenAt.getTime();
  let expiresAt = row.expiresAt.getTime();
  if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
    await touch(db, row.id, now, ttlMs);
    lastSeenAt = now;
    expiresAt = now + ttlMs;
  }
  // The selected project counts only while it is live and the user still holds a role there
  // (the active one, when one is chosen); otherwise the session has no project (projectRequired).
  let projectCode = row.projectCode;
  let grants: { roleCodes: string[]; permissions: Set<string> } = { roleCodes: [], permissions: new Set() };
  if (projectCode) {
    const all = (typeof row.held === 'string' ? (JSON.parse(row.held) as HeldRole[]) : row.held) ?? [];
    const held = grantsOf(all, row.roleId);
    if (held.roleCodes.length) grants = held;
    else if (!(row.isSuperAdmin && row.projectLive)) projectCode = null;
  }
  const auth: AuthContext = {
    sessionId: row.id,
    userId: row.userId,
    account: row.account,
    isSuperAdmin: row.isSuperAdmin,
    projectCode,
    roleId: projectCode ? row.roleId : null,
    ...grants,
  };
  const entry = { value: auth, sessionId: row.id, userId: row.userId, projectCode: row.projectCode };
  cache.put(tokenHash, { ...entry, lastSeenAt, expiresAt }, mark);
  return auth;
}

/** Sliding expiry: written at most once a minute per session (the trigger ignores these columns). */
async function touch(db: Db, sessionId: string, now: number, ttlMs: number) {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + ttlMs) })
    .where(eq(sessions.id, sessionId));
}

/** The roles (only the active one when one is chosen) and the union of their permissions. */
function grantsOf(rows: HeldRole[], activeRoleId: number | null) {
  const active = activeRoleId ? rows.filter((r) => r.id === activeRoleId) : rows;
  return {
    roleCodes: active.map((r) => r.code),
    permissions: new Set(active.flatMap((r) => r.permissions)),
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

type SessionEndReason = (typeof sessions.$inferSelect)['endReason'];

export async function endSession(db: Pick<Db, 'update'>, sessionId: string, reason: SessionEndReason) {
  changedHere({ kind: 'session', id: sessionId });
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
  const ended = await db
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(
      and(
        eq(sessions.userId, where.userId),
        isNull(sessions.endedAt),
        where.exceptSessionId ? sql`${sessions.id} <> ${where.exceptSessionId}` : undefined,
        where.client ? eq(sessions.client, where.client) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  // Only the sessions that ended: a sign-in ends the user's others, and the new one stays cacheable.
  for (const s of ended) changedHere({ kind: 'session', id: s.id });
}

/** Ends every session that has the project selected (the project was deleted). */
export async function endProjectSessions(db: Pick<Db, 'update'>, projectCode: string): Promise<void> {
  changedHere({ kind: 'project', code: projectCode });
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

  // Callback hooks, not async ones: a read call whose session is remembered passes both without
  // a promise (an async hook cost one per hook per request, a few percent of a list call).
  app.addHook('onRequest', (req, _reply, done) => {
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return done();
    const token = readToken(req);
    if (!token) return done(new AppError(ErrorCode.notSignedIn, 'notSignedIn'));
    const known = cachedSession(deps.db, token);
    if (known) return done(admit(req, known, access));
    resolveSession(deps.db, token, deps.sessionTtlMs).then(
      (auth) => done(admit(req, auth, access)),
      (error: Error) => done(error),
    );
  });

  app.addHook('preHandler', (req, _reply, done) => {
    const pick = req.routeOptions.config.projectOf;
    const auth = req.auth;
    if (!pick || !auth) return done();
    let named: string | undefined;
    try {
      named = pick(req);
    } catch (error) {
      return done(error as Error);
    }
    if (named === undefined || named === auth.projectCode || auth.isSuperAdmin) return done();
    done(new AppError(ErrorCode.forbidden, 'otherProject'));
  });
}

/** Sets the request's session and answers the refusal of its route's `access`, if any. */
function admit(req: FastifyRequest, auth: AuthContext, access: string): AppError | undefined {
  req.auth = auth;
  if (access === 'session') return undefined;
  if (access === 'system.admin')
    return auth.isSuperAdmin ? undefined : new AppError(ErrorCode.forbidden, 'forbidden');
  if (!auth.projectCode) return new AppError(ErrorCode.projectRequired, 'projectRequired');
  if (access === 'project' || auth.isSuperAdmin) return undefined;
  return auth.permissions.has(access) ? undefined : new AppError(ErrorCode.forbidden, 'forbidden');
}
