import {
  type EndpointInput,
  type EndpointKey,
  type EndpointValue,
  type Envelope,
  reloginCodes,
  splitEndpoint,
} from '@pineguard/contract';
import { t, useLangStore } from '../locales/index.ts';
import { limits } from './config.ts';
import { feedback } from './feedback.ts';
import { useSession } from './session.ts';

/** A call that failed: a non-zero envelope code, or -1 for network failures and time-outs. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly fields: { field: string; message: string }[] = [],
    readonly timeout = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type RequestOptions = {
  params?: Record<string, string | number | boolean | null | undefined>;
  data?: unknown;
  timeoutMs?: number;
  /** Let the caller report failures itself: no toast, no re-login prompt. */
  silent?: boolean;
  /**
   * Set when the call goes out without a token (a page kept alive during sign-out, say): a
   * "not signed in" answer is then what the user already knows, so it is neither toasted nor
   * prompted (see `fail`).
   */
  signedOut?: boolean;
};

const spreadsheetTypes = ['application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument'];

function buildUrl(url: string, params: RequestOptions['params']): string {
  // Base URL is empty (spec §7): paths go to the origin that served the app.
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** Pages where nobody is signed in: a "not signed in" answer there is no news. */
const signedOutPages = ['/login', '/init', '/auth-redirect'];

function onSignedOutPage(): boolean {
  return typeof location !== 'undefined' && signedOutPages.includes(location.pathname);
}

async function send(method: string, url: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { lang: useLangStore.getState().lang };
  const token = useSession.getState().token;
  if (token) headers.token = token;
  let body: BodyInit | undefined;
  if (options.data instanceof FormData) body = options.data;
  else if (options.data !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.data);
  }
  const timeoutMs = options.timeoutMs ?? limits.requestTimeoutMs;
  try {
    return await fetch(buildUrl(url, options.params), {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    const text = error instanceof Error ? error.message : String(error);
    // Network errors are shown for 5 s; time-outs are not (spec §8).
    if (!timedOut && !options.silent) feedback.message().error(text, limits.messageSeconds);
    throw new ApiError(text, -1, [], timedOut);
  }
}

let reloginOpen = false;

/** Spec §8: after 2, 50012 or 50014 offer to log in again; confirming resets the token and reloads. */
function promptRelogin(): void {
  // Never on the login page itself, nor once the user has signed out.
  if (reloginOpen || onSignedOutPage() || !useSession.getState().token) return;
  reloginOpen = true;
  feedback.modal().confirm({
    title: t('http.reloginTitle'),
    content: t('http.relogin'),
    okText: t('http.reloginOk'),
    cancelText: t('common.cancel'),
    onOk: () => {
      useSession.getState().resetToken();
      location.reload();
    },
    afterClose: () => {
      reloginOpen = false;
    },
  });
}

function fail(envelope: Envelope<unknown>, options: RequestOptions): never {
  const text = envelope.message || 'Error';
  const expected = reloginCodes.includes(envelope.code) && (options.signedOut || onSignedOutPage());
  if (!options.silent && !expected) {
    feedback.message().error(text, limits.messageSeconds);
    if (reloginCodes.includes(envelope.code)) promptRelogin();
  }
  const value = envelope.value as { fields?: { field: string; message: string }[] } | null;
  throw new ApiError(text, envelope.code, Array.isArray(value?.fields) ? value.fields : []);
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/**
 * Reads the envelope. Some server errors (those raised before a route runs) arrive without a
 * JSON content type, so the body is parsed whatever the header says; only a body that is not
 * an envelope counts as a transport failure.
 */
async function readEnvelope(response: Response, options: RequestOptions): Promise<Envelope<unknown>> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    if (isEnvelope(body)) return body;
  } catch {
    // Not JSON: fall through to the transport error below.
  }
  const message = `Request failed with status code ${response.status}`;
  if (!options.silent) feedback.message().error(message, limits.messageSeconds);
  throw new ApiError(message, -1);
}

/** One JSON call under the envelope rules; resolves with `value` and the server's message. */
export async function call<T>(
  method: string,
  url: string,
  options: RequestOptions = {},
): Promise<{ value: T; message: string }> {
  options = { ...options, signedOut: !useSession.getState().token };
  const response = await send(method, url, options);
  // Spreadsheet answers pass through untouched (spec §8): the caller gets the Blob.
  const type = response.headers.get('content-type') ?? '';
  if (spreadsheetTypes.some((s) => type.includes(s))) {
    return { value: (await response.blob()) as T, message: '' };
  }
  const envelope = await readEnvelope(response, options);
  if (envelope.code !== 0) fail(envelope, options);
  return { value: envelope.value as T, message: envelope.message };
}

export const http = {
  get: async <T>(url: string, options?: RequestOptions) => (await call<T>('GET', url, options)).value,
  post: async <T>(url: string, data?: unknown, options?: RequestOptions) =>
    (await call<T>('POST', url, { ...options, data })).value,
  delete: async <T>(url: string, options?: RequestOptions) => (await call<T>('DELETE', url, options)).value,
};

type ApiOptions = Omit<RequestOptions, 'params' | 'data'>;
/** The input argument is required exactly when the endpoint takes one. */
type ApiArgs<K extends EndpointKey> =
  EndpointInput<K> extends undefined
    ? [input?: undefined, options?: ApiOptions]
    : [input: EndpointInput<K>, options?: ApiOptions];

/**
 * A call checked against the contract's endpoint map: `api.call('POST /api/user/userList', body)`.
 * The body (POST) or query (GET, DELETE) must fit the request schema's input type and the answer
 * is typed by the value schema, so a renamed field fails `tsc` here and on the server alike.
 * Resolves with `value` and the server's message.
 */
async function callEndpoint<K extends EndpointKey>(
  key: K,
  ...[input, options]: ApiArgs<K>
): Promise<{ value: EndpointValue<K>; message: string }> {
  const { method, path } = splitEndpoint(key);
  const sent =
    method === 'POST' ? { data: input } : { params: input as RequestOptions['params'] | undefined };
  return call<EndpointValue<K>>(method, path, { ...options, ...sent });
}

export const api = {
  call: callEndpoint,
  /** Like `call`, resolving with `value` only. */
  value: async <K extends EndpointKey>(key: K, ...args: ApiArgs<K>): Promise<EndpointValue<K>> =>
    (await callEndpoint(key, ...args)).value,
};

/** The file name a download response carries: the named header first, then Content-Disposition. */
export function fileNameFrom(headers: Headers, headerName?: string): string | null {
  if (headerName) {
    const named = headers.get(headerName);
    if (named) return decodeURIComponent(named);
  }
  const disposition = headers.get('content-disposition') ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (extended?.[1]) return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ? decodeURIComponent(plain[1].trim()) : null;
}

/**
 * A file download (exports). Spreadsheets and other binary answers pass through untouched;
 * a JSON answer is an envelope and follows the usual error rules. Exports time out at 15 s.
 * `fileNameHeader` names the header holding the file name where the spec says so (QR export:
 * `filenamevue`).
 */
export async function download(
  method: string,
  url: string,
  options: RequestOptions & { fileNameHeader?: string } = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  options = { ...options, signedOut: !useSession.getState().token };
  const response = await send(method, url, { timeoutMs: limits.exportTimeoutMs, ...options });
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await response.json()) as Envelope<unknown>;
    if (envelope.code !== 0) fail(envelope, options);
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameFrom(response.headers, options.fileNameHeader) };
}

/** Hands a downloaded blob to the browser under its name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}
