import { ErrorCode, t } from '@pineguard/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { requestLang } from './lang.ts';
import { describeIssues, RequestValidationError } from './validation.ts';

const MULTIPART_ERROR =
  /^(Multipart: )?(Boundary not found|Unexpected end of (form|multipart data)|Malformed (part header|urlencoded form)|Unsupported content type)/;

type Answer = { http: number; code: number; message: string; value: unknown };

/**
 * The database cannot be reached (refused or dropped connection, a server shutting down or
 * starting, a closed pool or PGlite): every call then answers 503 "数据库不可用", as /api/health
 * does, and recovers by itself once the database is back. SQLSTATE class 08 is "connection
 * exception"; 57P01–57P03 are shutdowns and "cannot connect now"; 53300 too many connections.
 */
const DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const DOWN_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed|Client has encountered a connection error|the database system is (starting up|shutting down)/i;
export function isDatabaseDown(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (DOWN_CODES.has(code) || /^08/.test(code) || ['57P01', '57P02', '57P03', '53300'].includes(code))
      return true;
    if (typeof e.message === 'string' && DOWN_MESSAGE.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Fastify's own client errors, mapped to catalogue codes so the client never sees a bare 4xx. */
function classify(error: FastifyError | AppError, req: FastifyRequest): Answer | undefined {
  const lang = requestLang(req);
  if (error instanceof AppError) {
    return {
      http: error.httpStatus,
      code: error.appCode,
      message: t(
        lang,
        error.messageKey,
        Object.fromEntries(
          Object.entries(error.params).map(([k, v]) => [k, typeof v === 'object' ? v[lang] : v]),
        ),
      ),
      value: error.value,
    };
  }
  if (error instanceof RequestValidationError) {
    const fields = describeIssues(error.issues, lang);
    return {
      http: 200,
      code: ErrorCode.validation,
      message: fields.map((f) => f.message).join('；'),
      value: { fields },
    };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { http: 200, code: ErrorCode.malformedBody, message: t(lang, 'malformedBody'), value: null };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { http: 200, code: ErrorCode.malformedBody, message: t(lang, 'emptyBody'), value: null };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { http: 200, code: ErrorCode.payloadTooLarge, message: t(lang, 'bodyTooLarge'), value: null };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return {
        http: 200,
        code: ErrorCode.unsupportedMediaType,
        message: t(lang, 'unsupportedContentType', { type: req.headers['content-type'] ?? '' }),
        value: null,
      };
  }
  // busboy's errors for a multipart body without a boundary, or cut off, carry no status.
  if (MULTIPART_ERROR.test(error.message ?? '')) {
    return { http: 200, code: ErrorCode.malformedBody, message: t(lang, 'malformedMultipart'), value: null };
  }
  // A unique index refused a row another request inserted first (a race the service's check lost).
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause?.code === '23505' || (error as { code?: string }).code === '23505') {
    return { http: 200, code: ErrorCode.conflict, message: t(lang, 'conflict'), value: null };
  }
  if (isDatabaseDown(error)) {
    return { http: 503, code: ErrorCode.serverError, message: t(lang, 'databaseUnavailable'), value: null };
  }
  // SyntaxError from a content parser, or any other error Fastify marks as the client's.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { http: 200, code: ErrorCode.validation, message: t(lang, 'validation'), value: null };
  }
  return undefined;
}

/**
 * What of an unhandled error may be logged: never a query's parameters (a failed insert of a user
 * would log the password hash), and never the SQL text's "params:" tail that drizzle appends.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const seen = new Set<unknown>();
  const clean = (e: unknown, depth: number): Record<string, unknown> | undefined => {
    if (!e || typeof e !== 'object' || seen.has(e) || depth > 3) return undefined;
    seen.add(e);
    const err = e as { name?: string; message?: string; code?: string; stack?: string; cause?: unknown };
    // PostgreSQL quotes the offending value in its messages ("invalid input syntax … \"x\"",
    // "Key (a)=(x)"): for database errors (a SQLSTATE code) the quoted parts go too.
    const database = typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code);
    const strip = (text: string | undefined) => {
      let out = text?.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');
      if (database)
        out = out?.replace(/"[^"\n]*"/g, '"[redacted]"').replace(/=\([^)\n]*\)/g, '=([redacted])');
      return out;
    };
    return {
      type: err.name,
      message: strip(err.message),
      code: err.code,
      stack: strip(err.stack),
      cause: clean(err.cause, depth + 1),
    };
  };
  return clean(error, 0) ?? { message: String(error) };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    // The route's response schema describes success; errors are serialised as they are.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    const answer = classify(error, req);
    if (answer) {
      if (answer.code !== ErrorCode.notSignedIn) req.log.info({ code: answer.code }, answer.message);
      return reply
        .status(answer.http)
        .send({ code: answer.code, message: answer.message, value: answer.value });
    }
    req.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send({
      code: ErrorCode.serverError,
      message: t(requestLang(req), 'serverError', { requestId: req.id }),
      value: { requestId: req.id },
    });
  });
}
