/** The field app's small HTTP client: the envelope, the session token, the language. */

export type Envelope<T> = { code: number; message: string; value: T };

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
export const signInAgain = (code: number) => code === 2 || code === 50014 || code === 50012;

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
  if (json.code === 50000) throw new Unreachable(json.message);
  if (json.code !== 0) throw new Refused(json.code, json.message, json.value);
  return json.value;
}

/** Uploads one file (photo, video, face); answers its id. */
export async function upload(kind: 'photo' | 'video' | 'face', blob: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', blob, name);
  const v = await call<{ id: string }>('POST', `/api/file/upload?kind=${kind}`, form);
  return v.id;
}
