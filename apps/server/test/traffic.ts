import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { ErrorCode } from '@pineguard/contract';
import type { Envelope } from './spawn.ts';

/**
 * Callers of the proxy for the multi-instance fault test: record batches sent the way the field
 * app's outbox sends them (the same uuids again after a retryable answer) and records lists, each
 * answer sorted into ok / retryable / anything else (an HTML page, a refusal, a network error).
 */

export type Answer = { status: number; envelope?: Envelope; type: string; body: string; ms: number };

/**
 * One call on its own connection (no keep-alive): a connection kept by the client could be closed
 * by nginx's reload under the next call, a race of the client's, not of the deployment.
 */
export function send(
  base: string,
  path: string,
  body?: unknown,
  token?: string,
  timeoutMs = 30_000,
): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: payload ? 'POST' : 'GET',
        agent: false,
        timeout: timeoutMs,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(token ? { token } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let envelope: Envelope | undefined;
          try {
            const parsed = JSON.parse(text) as Envelope;
            if (typeof parsed.code === 'number') envelope = parsed;
          } catch {
            // Not JSON: an HTML error page would land here, and the test counts it.
          }
          resolve({
            status: res.statusCode ?? 0,
            envelope,
            type: String(res.headers['content-type'] ?? ''),
            body: text.slice(0, 200),
            ms: performance.now() - started,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** An answer a client may retry: the envelope with the server-error code on a 5xx (nginx's or the server's). */
export const isRetryable = (a: Answer) =>
  a.status >= 500 && a.envelope?.code === ErrorCode.serverError && a.type.includes('application/json');

/** A survey record of KH-BD01 for /api/collect/records, with a photo uploaded before. */
export const surveyRecord = (photo: string, uuid = randomUUID()) => ({
  uuid,
  tableCode: 'gbksdc0101',
  sectionCode: 'KH-BD01',
  timeSubmit: new Date(Date.now() - 60_000).toISOString(),
  gps: { long: 118.41 + Math.random() / 100, lat: 29.14 + Math.random() / 100, alt: 300, range: 5 },
  fields: { kssl: 1, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: photo },
});

export type Tally = {
  ok: number;
  /** Answers a client retries (and this one did): the JSON 503 of the proxy, the server's 5xx envelope. */
  retryable: number;
  /** Everything else, as seen: must stay empty. */
  bad: string[];
  /** Record uuids the server acknowledged (created or duplicate). */
  acked: Set<string>;
  /** The longest run of retryable answers in a row, in ms (how long a caller waited for the failover). */
  longestOutageMs: number;
};

export const newTally = (): Tally => ({ ok: 0, retryable: 0, bad: [], acked: new Set(), longestOutageMs: 0 });

function describe(a: Answer | Error): string {
  return a instanceof Error ? `network: ${a.message}` : `${a.status} ${a.type} ${a.body}`;
}

/**
 * Sends one batch until it is acknowledged, as the outbox does: a retryable answer (or a network
 * error reaching the proxy, counted as bad) sends the same uuids again.
 */
export async function collectUntilAcked(
  base: string,
  token: string,
  photo: string,
  size: number,
  tally: Tally,
) {
  const batch = Array.from({ length: size }, () => surveyRecord(photo));
  let outageFrom: number | undefined;
  for (let attempt = 0; attempt < 50; attempt++) {
    const a = await send(base, '/api/collect/records', { records: batch }, token).catch((e: Error) => e);
    if (!(a instanceof Error) && a.envelope?.code === 0) {
      const results = (a.envelope.value as { results: { uuid: string; status: string }[] }).results;
      for (const r of results)
        if (r.status === 'created' || r.status === 'duplicate') tally.acked.add(r.uuid);
        else tally.bad.push(`record: ${JSON.stringify(r)}`);
      tally.ok += 1;
      if (outageFrom !== undefined)
        tally.longestOutageMs = Math.max(tally.longestOutageMs, performance.now() - outageFrom);
      return;
    }
    if (a instanceof Error || !isRetryable(a)) {
      tally.bad.push(describe(a));
      return;
    }
    tally.retryable += 1;
    outageFrom ??= performance.now();
    await new Promise((r) => setTimeout(r, 100));
  }
  tally.bad.push('a batch was never acknowledged');
}

/** One records list (page 1 of the survey table); a retryable answer is counted, not retried. */
export async function listOnce(base: string, token: string, tally: Tally) {
  const a = await send(
    base,
    '/api/sync/queryDataList',
    { prjStandCode: 'gbksdc0101', pageNum: 1, pageSize: 20 },
    token,
  ).catch((e: Error) => e);
  if (!(a instanceof Error) && a.envelope?.code === 0) tally.ok += 1;
  else if (!(a instanceof Error) && isRetryable(a)) tally.retryable += 1;
  else tally.bad.push(describe(a));
}

/** `callers` loops of `call` until `stop` resolves; answers when every loop has ended. */
export async function load(callers: number, call: () => Promise<void>, stop: Promise<void>) {
  let stopped = false;
  void stop.then(() => (stopped = true));
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (!stopped) await call();
    }),
  );
}

/**
 * `perSecond` calls a second on a fixed clock (not one after another: a slow answer does not slow
 * the rate), until `stop` resolves; answers when every call has ended.
 */
export async function paced(perSecond: number, call: (n: number) => Promise<void>, stop: Promise<void>) {
  const inFlight = new Set<Promise<void>>();
  let n = 0;
  const timer = setInterval(() => {
    const p = call(n++).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / perSecond);
  await stop;
  clearInterval(timer);
  await Promise.all([...inFlight]);
  return n;
}

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Uploads a photo of the caller's project (to the shared storage); answers its file id. */
export async function uploadPhoto(base: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'tree.png');
  const res = await fetch(`${base}/api/file/upload?kind=photo`, {
    method: 'POST',
    headers: { token },
    body: form,
  });
  const body = (await res.json()) as Envelope<{ id: string }>;
  if (body.code !== 0) throw new Error(body.message);
  return body.value.id;
}

/** Polls `read` until `done` holds; answers the milliseconds it took (fails past `limitMs` × 5). */
export async function within(limitMs: number, read: () => Promise<unknown>, done: (v: never) => boolean) {
  const started = performance.now();
  for (;;) {
    if (done((await read()) as never)) return Math.round(performance.now() - started);
    if (performance.now() - started > limitMs * 5) throw new Error(`not seen in ${limitMs * 5} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
