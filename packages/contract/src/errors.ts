/**
 * The one catalogue of envelope codes. The server answers handled errors with HTTP 200 and one
 * of these codes (the spec's client reads `code`, not the HTTP status); the web maps them to
 * messages. 2, 50012 and 50014 are the spec's own numbers and make the client offer a re-login.
 */
export const ErrorCode = {
  ok: 0,
  notSignedIn: 2,
  signedInElsewhere: 50012,
  tokenInvalid: 50014,
  validation: 40000,
  malformedBody: 40001,
  badCredentials: 40100,
  accountNotActive: 40101,
  forbidden: 40300,
  projectRequired: 40301,
  notFound: 40400,
  conflict: 40900,
  payloadTooLarge: 41300,
  unsupportedMediaType: 41500,
  rangeNotSatisfiable: 41600,
  rateLimited: 42900,
  serverError: 50000,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** Codes after which the client asks the user to sign in again. */
export const reloginCodes: readonly number[] = [
  ErrorCode.notSignedIn,
  ErrorCode.signedInElsewhere,
  ErrorCode.tokenInvalid,
];
