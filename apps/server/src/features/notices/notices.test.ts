import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ErrorCode, type NoticeItem, type NoticeStreamEvent } from '@pineguard/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { openDatabase } from '../../db/client.ts';
import { notices, users } from '../../db/schema/index.ts';
import { runRetention } from '../system/index.ts';
import { notify } from './index.ts';
import { hubOf } from './stream.ts';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

type Page = { list: NoticeItem[]; total: number };

/** Reads server-sent events from a live server: `next()` answers the next `unread` event. */
async function openStream(base: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/notice/stream`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: string[] = [];
  const next = async (): Promise<NoticeStreamEvent> => {
    for (;;) {
      const at = buffer.indexOf('\n\n');
      if (at >= 0) {
        const block = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        events.push(block);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (block.includes('event: unread') && data) return JSON.parse(data.slice(6)) as NoticeStreamEvent;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  };
  /** Resolves when the server ends the stream (comments and events before that are kept). */
  const ended = async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return true;
      buffer += decoder.decode(value, { stream: true });
    }
  };
  return { res, next, ended, events, close: () => controller.abort() };
}

describe('notices: message centre', () => {
  let t: TestApp;
  let base: string;
  let admin: string;
  let jianli: string;
  let worker: string;
  let workerEn: string;
  let workerId: string;
  let photoId: string;

  const select = async (token: string) => {
    const res = await t.api('POST', '/api/user/selectProject', { token, body: { prjCode: 'KH2026' } });
    if (res.code !== 0) throw new Error(res.message);
    return token;
  };
  const list = (token: string, body: object = {}, headers: Record<string, string> = {}) =>
    t.api<Page>('POST', '/api/notice/list', { token, body, headers });
  const unread = async (token: string) =>
    (await t.api<{ unread: number }>('GET', '/api/notice/unreadCount', { token })).value.unread;
  const collectOne = async () => {
    const uuid = randomUUID();
    const res = await t.api<{ results: { status: string }[] }>('POST', '/api/collect/records', {
      token: worker,
      body: {
        records: [
          {
            uuid,
            tableCode: 'gbksdc0101',
            sectionCode: 'KH-BD01',
            timeSubmit: '2026-11-20T09:30:00+08:00',
            gps: { long: 118.41, lat: 29.14, alt: 300, range: 5 },
            fields: { kssl: 3, shuzhong: '马尾松', dcfs: '地面调查', pic_tree: photoId },
          },
        ],
      },
    });
    expect(res.value.results[0]?.status).toBe('created');
    return uuid;
  };
  const sendBack = (ids: string[], reason = '照片不清楚', action = 'return') =>
    t.api('POST', '/api/data/examine', { token: jianli, body: { ids, action, reason } });

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    await t.initAdmin({ demo: true });
    admin = await select(await t.signIn('demo_admin', 'pine2026'));
    jianli = await select(await t.signIn('demo_jianli', 'pine2026'));
    worker = await select(await t.signIn('demo_worker', 'pine2026', 1));
    workerEn = await t.signIn('demo_worker', 'pine2026');
    const [w] = await t.deps.database.db.select().from(users).where(eq(users.account, 'demo_worker'));
    workerId = w!.id;
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'tree.png');
    const body = new Response(form);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload?kind=photo',
      headers: { token: worker, 'content-type': body.headers.get('content-type') ?? '' },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    photoId = (up.json() as { value: { id: string } }).value.id;
    base = await t.app.listen({ port: 0, host: '127.0.0.1' }).then(() => {
      const { port } = t.app.server.address() as AddressInfo;
      return `http://127.0.0.1:${port}`;
    });
  });
  afterAll(() => t.close());

  it('tells the collector of a record sent back or rejected, in the reader language', async () => {
    const before = await unread(worker);
    const id = await collectOne();
    expect((await sendBack([id])).code).toBe(0);
    expect(await unread(worker)).toBe(before + 1);
    const zh = await list(worker, { noticeKind: 'recordReturned' });
    expect(zh.value.list[0]).toMatchObject({
      kind: 'recordReturned',
      text: '您提交的枯死松树普查记录（1 条）已被退回：照片不清楚',
      link: `/dataView/gbksdc0101?id=${id}`,
      prjCode: 'KH2026',
      read: false,
    });
    const en = await list(workerEn, { noticeKind: 'recordReturned' }, { lang: 'en' });
    expect(en.value.list[0]?.text).toBe('Your 枯死松树普查记录 (1) was sent back: 照片不清楚');
    // Rejecting it after the send-back is the second notice; approving tells nobody.
    expect((await sendBack([id], '重复上报', 'reject')).code).toBe(0);
    expect((await list(worker, { noticeKind: 'recordRejected' })).value.list[0]?.text).toContain('重复上报');
    const other = await collectOne();
    await t.api('POST', '/api/data/examine', { token: jianli, body: { ids: [other], action: 'approve' } });
    expect(await unread(worker)).toBe(before + 2);
    // The reviewer got none of these.
    expect((await list(jianli, { noticeKind: 'recordReturned' })).value.total).toBe(0);
  });

  it('lists, filters by kind and unread, marks read (own notices only) and all read', async () => {
    await notify(t.deps, {
      recipientId: workerId,
      projectCode: 'KH2026',
      kind: 'exportFinished',
      key: 'noticeExportFinished',
      params: { name: '普查表导出' },
      link: '/dataCenter',
    });
    const all = await list(worker, { pageSize: 100 });
    expect(all.value.total).toBeGreaterThanOrEqual(3);
    const exportNotice = all.value.list.find((n) => n.kind === 'exportFinished')!;
    expect(exportNotice.text).toBe('导出“普查表导出”已完成，可以下载');
    const count = await unread(worker);
    // Another user's ids are ignored: nothing of the worker's changes.
    const foreign = await t.api<{ changed: number }>('POST', '/api/notice/read', {
      token: jianli,
      body: { noticeIds: [exportNotice.id] },
    });
    expect(foreign.value.changed).toBe(0);
    expect(await unread(worker)).toBe(count);
    const mine = await t.api<{ changed: number; unread: number }>('POST', '/api/notice/read', {
      token: worker,
      body: { noticeIds: [exportNotice.id] },
    });
    expect(mine).toMatchObject({
      code: 0,
      message: '已标记为已读',
      value: { changed: 1, unread: count - 1 },
    });
    const unreadOnly = await list(worker, { unread: true, pageSize: 100 });
    expect(unreadOnly.value.list.some((n) => n.id === exportNotice.id)).toBe(false);
    expect(unreadOnly.value.total).toBe(count - 1);
    const allRead = await t.api<{ changed: number; unread: number }>('POST', '/api/notice/readAll', {
      token: worker,
    });
    expect(allRead.value).toEqual({ changed: count - 1, unread: 0 });
    expect((await list(worker, { unread: true })).value.total).toBe(0);
  });

  it('refuses bad input with the field named, never a 5xx', async () => {
    const badKind = await list(worker, { noticeKind: 'nope' });
    expect(badKind.code).toBe(ErrorCode.validation);
    expect(badKind.message).toContain('消息类型');
    const badIds = await t.api('POST', '/api/notice/read', { token: worker, body: { noticeIds: ['x'] } });
    expect(badIds.code).toBe(ErrorCode.validation);
    expect(badIds.message).toContain('消息');
    const empty = await t.api('POST', '/api/notice/send', { token: admin, body: { text: '  ' } });
    expect(empty.code).toBe(ErrorCode.validation);
    expect(empty.message).toContain('内容');
    const offsite = await t.api('POST', '/api/notice/send', {
      token: admin,
      body: { text: '看这里', link: 'https://evil.example' },
    });
    expect(offsite.code).toBe(ErrorCode.validation);
    expect(offsite.message).toContain('链接');
  });

  it("sends an administrator's notice to every member of the selected project; others may not", async () => {
    const before = await unread(worker);
    const sent = await t.api<{ sent: number }>('POST', '/api/notice/send', {
      token: admin,
      body: { text: '明天上午九点召开防治工作会议', link: '/dashboard' },
    });
    expect(sent.code).toBe(0);
    // Four other demo members of KH2026 (the sender is left out).
    expect(sent.value.sent).toBe(4);
    expect(sent.message).toBe('已发送给 4 人');
    expect(await unread(worker)).toBe(before + 1);
    const en = await list(workerEn, { noticeKind: 'announcement' }, { lang: 'en' });
    expect(en.value.list[0]).toMatchObject({ text: '明天上午九点召开防治工作会议', link: '/dashboard' });
    expect((await list(admin, { noticeKind: 'announcement' })).value.total).toBe(0);
    const refused = await t.api('POST', '/api/notice/send', { token: worker, body: { text: '我也想发' } });
    expect(refused.code).toBe(ErrorCode.forbidden);
  });

  it('pushes the unread count over server-sent events; a new notice arrives at once', async () => {
    await t.api('POST', '/api/notice/readAll', { token: worker });
    const stream = await openStream(base, { token: worker });
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
      expect(stream.res.headers.get('content-encoding')).toBeNull();
      expect(stream.res.headers.get('content-security-policy')).toContain("connect-src 'self'");
      expect(await stream.next()).toEqual({ unread: 0 });
      const id = await collectOne();
      await sendBack([id], '坐标偏差');
      const event = await stream.next();
      expect(event.unread).toBe(1);
      expect(event.notice).toMatchObject({ kind: 'recordReturned', read: false });
      expect(event.notice?.text).toContain('坐标偏差');
      // Reading it on another page brings the count down here too.
      await t.api('POST', '/api/notice/readAll', { token: workerEn });
      expect(await stream.next()).toEqual({ unread: 0 });
      // A notice to someone else is not sent to this stream: the next event is the worker's own.
      await notify(t.deps, {
        recipientId: (await owner(jianli))!,
        projectCode: null,
        kind: 'announcement',
        text: '别人的',
      });
      await notify(t.deps, {
        recipientId: workerId,
        projectCode: null,
        kind: 'announcement',
        text: '自己的',
      });
      const own = await stream.next();
      expect(own).toMatchObject({ unread: 1, notice: { text: '自己的' } });
      // Heartbeats are comment lines.
      await hubOf(t.deps).beatAll();
      await notify(t.deps, {
        recipientId: workerId,
        projectCode: null,
        kind: 'announcement',
        text: '再一条',
      });
      expect((await stream.next()).unread).toBe(2);
      expect(stream.events).toContain(': ping');
    } finally {
      stream.close();
    }
  });

  it('closes a stream without a valid session at once, and ends one whose session ended', async () => {
    const none = await fetch(`${base}/api/notice/stream`, { headers: { accept: 'text/event-stream' } });
    expect((await none.json()) as object).toMatchObject({ code: ErrorCode.notSignedIn });
    const bad = await fetch(`${base}/api/notice/stream`, {
      headers: { accept: 'text/event-stream', token: 'not-a-token' },
    });
    expect(((await bad.json()) as { code: number }).code).toBe(ErrorCode.tokenInvalid);
    // Asked without the event-stream Accept header, it answers the count once.
    const plain = await t.api<{ unread: number }>('GET', '/api/notice/stream', { token: worker });
    expect(plain.code).toBe(0);
    expect(typeof plain.value.unread).toBe('number');

    const token = await t.signIn('demo_worker', 'pine2026');
    const stream = await openStream(base, { token });
    await stream.next();
    const open = hubOf(t.deps).size;
    expect((await t.api('POST', '/api/user/loginOut', { token })).code).toBe(0);
    await hubOf(t.deps).beatAll();
    expect(await stream.ended()).toBe(true);
    expect(hubOf(t.deps).size).toBe(open - 1);
  });

  it('delivers each notice once to a stream when several instances share the database', async () => {
    // A second server instance: on PostgreSQL its own connections to the same database; on the
    // embedded database (one process) the same database object.
    const url = (t.deps.database as { url?: string }).url;
    const database = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : t.deps.database;
    const second = await createTestApp({ database: { ...database, drop: async () => {} } });
    try {
      const stream = await openStream(base, { token: worker });
      try {
        const first = await stream.next();
        // Written through the second instance; heard by the first (whose stream this is) once.
        await notify(second.deps, {
          recipientId: workerId,
          projectCode: null,
          kind: 'announcement',
          text: '一次',
        });
        const event = await stream.next();
        expect(event).toMatchObject({ unread: first.unread + 1, notice: { text: '一次' } });
        await notify(second.deps, {
          recipientId: workerId,
          projectCode: null,
          kind: 'announcement',
          text: '两次',
        });
        const again = await stream.next();
        expect(again).toMatchObject({ unread: first.unread + 2, notice: { text: '两次' } });
        const texts = stream.events.filter((e) => e.includes('"一次"'));
        expect(texts).toHaveLength(1);
      } finally {
        stream.close();
      }
    } finally {
      await second.app.close();
      if (url) await database.close();
    }
  });

  it('keeps notices 90 days: the retention step deletes older ones', async () => {
    await notify(t.deps, { recipientId: workerId, projectCode: null, kind: 'announcement', text: '旧通知' });
    await notify(t.deps, { recipientId: workerId, projectCode: null, kind: 'announcement', text: '新通知' });
    await t.deps.database.db
      .update(notices)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(notices.text, '旧通知'));
    const removed = await runRetention(t.deps);
    expect(removed.notices).toBe(1);
    const left = await t.deps.database.db.select().from(notices).where(eq(notices.recipientId, workerId));
    expect(left.some((n) => n.text === '旧通知')).toBe(false);
    expect(left.some((n) => n.text === '新通知')).toBe(true);
  });

  const owner = async (token: string) =>
    (await t.api<{ id: string }>('GET', '/api/user/self', { token })).value.id;
});
