import { ErrorCode, t } from '@pineguard/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { requestLang } from './lang.ts';
import { describeIssues, RequestValidationError } from './validation.ts';

type Answer = { http: number; code: number; message: string; value: unknown };

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
  // A unique index refused a row another request inserted first (a race the service's check lost).
  const cause = (error as { cause?: { code?: string } }).cause;
  if (cause?.code === '23505' || (error as { code?: string }).code === '23505') {
    return { http: 200, code: ErrorCode.conflict, message: t(lang, 'conflict'), value: null };
  }
  // SyntaxError from a content parser, or any other error Fastify marks as the client's.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { http: 200, code: ErrorCode.validation, message: t(lang, 'validation'), value: null };
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    // The route's response schema describes success; errors are serialised as they are.
    reply.serializer(JSON.stringify);
    const answer = classify(error, req);
    if (answer) {
      if (answer.code !== ErrorCode.notSignedIn) req.log.info({ code: answer.code }, answer.message);
      return reply
        .status(answer.http)
        .send({ code: answer.code, message: answer.message, value: answer.value });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      code: ErrorCode.serverError,
      message: t(requestLang(req), 'serverError', { requestId: req.id }),
      value: { requestId: req.id },
    });
  });
}
