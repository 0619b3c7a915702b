/**
 * The field app's one HTTP client: the envelope, the session token, the language. Its own, not the
 * back office's shared/http.ts, which speaks through antd (toasts, the re-login dialog); the phone
 * app decides itself what a refusal or a dead network means (sync.ts queues, screens show text).
 */
import {
  type EndpointInput,
  type EndpointKey,
  type EndpointValue,
  type Envelope,
  ErrorCode,
  reloginCodes,
  splitEndpoint,
} from '@pineguard/contract';

/** A refusal from the server (an answered envelope with a non-zero code). */
export class Refused extends Error {
  constructor(
    public code: number,
    message: string,
    public value: unknown,
  ) {
    super(message);
  }
}
/** The network is off or the server faulted: try again later. */
export class Unreachable extends Error {}

/** Codes meaning "sign in again" (spec: 2, 50014, 50012). */
export const signInAgain = (code: number) => reloginCodes.includes(code);

let token = localStorage.getItem('pg-m-token') ?? '';
export const getToken = () => token;
export function setToken(t: string) {
  token = t;
  if (t) localStorage.setItem('pg-m-token', t);
  else localStorage.removeItem('pg-m-token');
}
let lang = 'zh-CN';
export const setApiLang = (l: string) => {
  lang = l;
};

export async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown | FormData): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        ...(token ? { token } : {}),
        lang,
        ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new Unreachable('network');
  }
  if (res.status >= 500) throw new Unreachable(`HTTP ${res.status}`);
  let json: Envelope<T>;
  try {
    json = (await res.json()) as Envelope<T>;
  } catch {
    throw new Unreachable('not json');
  }
  if (json.code === ErrorCode.serverError) throw new Unreachable(json.message);
  if (json.code !== ErrorCode.ok) throw new Refused(json.code, json.message, json.value);
  return json.value;
}

/** The endpoints the field app calls: a GET without a query, or a POST with a JSON body. */
type FieldEndpoint = {
  [K in EndpointKey]: K extends `GET ${string}`
    ? EndpointInput<K> extends undefined
      ? K
      : never
    : K extends `POST ${string}`
      ? K
      : never;
}[EndpointKey];

/**
 * A call checked against the contract's endpoint map: the body must fit the request schema's
 * input type and the answer is typed by its value schema (types only: no zod on the phone).
 */
export function endpoint<K extends FieldEndpoint>(
  key: K,
  ...[body]: EndpointInput<K> extends undefined ? [] : [body: EndpointInput<K>]
): Promise<EndpointValue<K>> {
  const { method, path } = splitEndpoint(key);
  return call<EndpointValue<K>>(method as 'GET' | 'POST', path, body);
}

/** Uploads one file (photo, video, face); answers its id. */
export async function upload(kind: 'photo' | 'video' | 'face', blob: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', blob, name);
  const v = await call<{ id: string }>('POST', `/api/file/upload?kind=${kind}`, form);
  return v.id;
}
