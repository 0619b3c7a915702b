import type { Socket } from 'node:net';
import { ErrorCode, t } from '@pineguard/contract';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { requestLang } from './lang.ts';

/**
 * Errors Fastify answers before any route runs (a bad URL encoding, a path parameter over the
 * length limit): answered in the envelope like every other refusal.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error: Error & { code?: string },
  req: FastifyRequest,
  reply: FastifyReply,
) => {
  const lang = requestLang(req);
  const key =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'urlTooLong'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'badUrl'
        : 'badRequest';
  return reply
    .status(200)
    .type('application/json; charset=utf-8')
    .send({ code: ErrorCode.validation, message: t(lang, key), value: null });
};

/**
 * Errors Node's HTTP parser meets before there is a request (headers over the limit, garbage):
 * Fastify would write its own JSON; this writes an envelope, in Chinese (no request, no language).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, key] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'headersTooLarge' as const]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'badRequest' as const]
        : error.code === 'HPE_URI_TOO_LONG' || error.code === 'HPE_HEADER_OVERFLOW_URI'
          ? [414, 'URI Too Long', 'urlTooLong' as const]
          : [400, 'Bad Request', 'badRequest' as const];
  const code = status === 431 || status === 414 ? ErrorCode.validation : ErrorCode.malformedBody;
  const body = JSON.stringify({ code, message: t('zh-CN', key), value: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
