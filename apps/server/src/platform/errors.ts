import { ErrorCode, type ErrorCodeValue, type MessageKey, type Text } from '@pineguard/contract';

/** A message parameter: a value, or text in both languages (picked by the request's language). */
export type MessageParam = string | number | Text;

/**
 * A handled failure: answered with HTTP 200 (or `httpStatus` where HTTP semantics matter, such
 * as file downloads) and the envelope code; the message is looked up in the request's language.
 */
export class AppError extends Error {
  constructor(
    readonly appCode: ErrorCodeValue,
    readonly messageKey: MessageKey,
    readonly params: Record<string, MessageParam> = {},
    readonly value: unknown = null,
    readonly httpStatus = 200,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const fail = {
  forbidden: (key: MessageKey = 'forbidden', params?: Record<string, string | number>) =>
    new AppError(ErrorCode.forbidden, key, params),
  notFound: (key: MessageKey = 'notFound') => new AppError(ErrorCode.notFound, key),
  invalid: (key: MessageKey, params?: Record<string, string | number>) =>
    new AppError(ErrorCode.validation, key, params),
  conflict: (key: MessageKey = 'conflict', params?: Record<string, MessageParam>) =>
    new AppError(ErrorCode.conflict, key, params),
  projectRequired: () => new AppError(ErrorCode.projectRequired, 'projectRequired'),
};
