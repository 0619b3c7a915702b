import { PassThrough } from 'node:stream';
import type { Lang, NoticeItem, NoticeStreamEvent } from '@pineguard/contract';
import { type AuthContext, resolveSession } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { NOTICE_CHANNEL } from './queries.ts';
import { ownNotice, unreadCount } from './service.ts';

/** A comment line keeps proxies from timing the stream out; the session is checked again then. */
export const HEARTBEAT_MS = 25_000;
/** Notices arriving within this window are pushed together (one count per user). */
const COALESCE_MS = 20;
/** At most this many new notices are summarised in one push; the count says the rest. */
const MAX_SUMMARIES = 5;

type Client = {
  userId: string;
  token: string;
  lang: Lang;
  out: PassThrough;
  timer: NodeJS.Timeout;
};

/**
 * The open event streams of this server instance and its one LISTEN connection. Every instance
 * on a PostgreSQL database hears each NOTIFY once and writes to its own streams only, so a page
 * (one stream, on one instance) gets each notice once, whichever instance wrote it.
 */
export class NoticeHub {
  private readonly byUser = new Map<string, Set<Client>>();
  private listening: Promise<() => Promise<void>> | undefined;
  private readonly pending = new Map<string, Set<string>>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: AppDeps,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Opens a stream for the signed-in session: the first event carries the unread count. */
  async open(auth: AuthContext, token: string, lang: Lang): Promise<PassThrough> {
    this.listening ??= this.deps.database.listen(NOTICE_CHANNEL, (p) => this.onPayload(p));
    await this.listening;
    const out = new PassThrough();
    const client: Client = { userId: auth.userId, token, lang, out, timer: undefined as never };
    client.timer = setInterval(() => void this.beat(client), this.heartbeatMs);
    client.timer.unref();
    let set = this.byUser.get(auth.userId);
    if (!set) this.byUser.set(auth.userId, (set = new Set()));
    set.add(client);
    out.write(`retry: 5000\n\n`);
    send(client, { unread: await unreadCount(this.deps, auth.userId) });
    out.on('close', () => this.drop(client));
    return out;
  }

  /** Heartbeat of every stream now (tests; the timers do it per stream). */
  async beatAll(): Promise<void> {
    await Promise.all([...this.byUser.values()].flatMap((s) => [...s].map((c) => this.beat(c))));
  }

  /** Ends every stream and stops listening (the server is closing). */
  async close(): Promise<void> {
    for (const set of this.byUser.values()) for (const c of set) c.out.end();
    this.byUser.clear();
    clearTimeout(this.flushTimer);
    const stop = this.listening;
    this.listening = undefined;
    if (stop) await (await stop)().catch(() => {});
  }

  private async beat(client: Client): Promise<void> {
    try {
      await resolveSession(this.deps.database.db, client.token, this.deps.config.sessionTtlMs);
      client.out.write(`: ping\n\n`);
    } catch {
      // Signed out, expired or ended elsewhere: the stream ends; the page finds out on its next call.
      client.out.end();
      this.drop(client);
    }
  }

  private drop(client: Client): void {
    clearInterval(client.timer);
    const set = this.byUser.get(client.userId);
    if (!set) return;
    set.delete(client);
    if (!set.size) this.byUser.delete(client.userId);
  }

  private onPayload(payload: string | null): void {
    if (payload === null) {
      // The LISTEN connection was lost and is back: refresh every count.
      for (const userId of this.byUser.keys()) this.queue(userId, undefined);
    } else {
      const [userId, what] = payload.split(':');
      if (!userId || !this.byUser.has(userId)) return;
      this.queue(userId, what && what !== 'read' ? what : undefined);
    }
    this.flushTimer ??= setTimeout(() => void this.flush(), COALESCE_MS);
  }

  private queue(userId: string, noticeId: string | undefined): void {
    let ids = this.pending.get(userId);
    if (!ids) this.pending.set(userId, (ids = new Set()));
    if (noticeId) ids.add(noticeId);
  }

  private async flush(): Promise<void> {
    this.flushTimer = undefined;
    const batch = [...this.pending];
    this.pending.clear();
    await Promise.all(
      batch.map(async ([userId, ids]) => {
        const clients = this.byUser.get(userId);
        if (!clients?.size) return;
        try {
          const unread = await unreadCount(this.deps, userId);
          const recent = [...ids].slice(-MAX_SUMMARIES);
          const rendered = new Map<Lang, (NoticeItem | undefined)[]>();
          for (const c of clients) {
            let notices = rendered.get(c.lang);
            if (!notices) {
              notices = await Promise.all(recent.map((id) => ownNotice(this.deps, userId, id, c.lang)));
              rendered.set(c.lang, notices);
            }
            const shown = notices.filter((n): n is NoticeItem => Boolean(n));
            if (!shown.length) send(c, { unread });
            for (const notice of shown) send(c, { unread, notice });
          }
        } catch {
          // A failed read (database restarting) leaves the count as it was; the next event mends it.
        }
      }),
    );
  }
}

const hubs = new WeakMap<AppDeps, NoticeHub>();
/** The hub of one server instance (its deps). */
export function hubOf(deps: AppDeps): NoticeHub {
  let hub = hubs.get(deps);
  if (!hub) hubs.set(deps, (hub = new NoticeHub(deps)));
  return hub;
}

function send(client: Client, event: NoticeStreamEvent): void {
  if (!client.out.writableEnded) client.out.write(`event: unread\ndata: ${JSON.stringify(event)}\n\n`);
}
