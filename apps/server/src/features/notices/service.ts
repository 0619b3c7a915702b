import {
  type Lang,
  type MessageKey,
  messages,
  type NoticeItem,
  type NoticeKind,
  t,
} from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import type { AuthContext } from '../../platform/auth.ts';
import type { AppDeps } from '../../platform/deps.ts';
import type { Page } from '../../platform/pagination.ts';
import * as q from './queries.ts';

type Params = Record<string, string | number>;

/**
 * A notice to write. A system notice names a catalogue `key` and its `params` (rendered in each
 * reader's language when read); an administrator's notice is plain `text`.
 */
export type NoticeInput = {
  recipientIds?: string[] | undefined;
  recipientId?: string | undefined;
} & NoticeBody;
/** What a notice says, whoever receives it. */
export type NoticeBody = {
  projectCode: string | null;
  kind: NoticeKind;
  link?: string | undefined;
} & ({ key: MessageKey; params?: Params | undefined } | { text: string });

/**
 * Writes a notice to each recipient (duplicates dropped) and signals the open event streams.
 * Pass `db` (a transaction) to write it with the change it reports: it is then delivered only if
 * that change commits. Answers how many were written.
 */
export async function notify(
  deps: Pick<AppDeps, 'database'>,
  input: NoticeInput,
  db: Executor = deps.database.db,
): Promise<number> {
  return notifyIn(db, input);
}

/** `notify` in a transaction, for callers that hold one but no deps (the checks after a records write). */
export async function notifyIn(db: Executor, input: NoticeInput): Promise<number> {
  const ids = [
    ...new Set([...(input.recipientIds ?? []), ...(input.recipientId ? [input.recipientId] : [])]),
  ];
  if (!ids.length) return 0;
  const keyed = 'key' in input;
  const params = keyed ? (input.params ?? {}) : null;
  const text = keyed ? t('zh-CN', input.key, params ?? {}) : input.text;
  return q.insertNotices(
    db,
    ids.map((recipientId) => ({
      recipientId,
      projectCode: input.projectCode,
      kind: input.kind,
      text,
      link: input.link ?? '',
      messageKey: keyed ? input.key : null,
      params,
    })),
  );
}

/** A notice to every active member of the project who holds `permission` (e.g. its reviewers). */
export async function notifyHolders(
  deps: Pick<AppDeps, 'database'>,
  permission: string,
  input: NoticeBody & { projectCode: string },
  db: Executor = deps.database.db,
): Promise<number> {
  const recipientIds = await q.holdersOf(db, input.projectCode, permission);
  return notify(deps, { ...input, recipientIds }, db);
}

/** The text of a notice in `lang`: the catalogue entry when it has one, else the stored text. */
export function renderNotice(row: q.NoticeRow, lang: Lang): NoticeItem {
  const key = row.messageKey;
  const text = key && Object.hasOwn(messages, key) ? t(lang, key as MessageKey, row.params ?? {}) : row.text;
  return {
    id: row.id,
    kind: row.kind as NoticeKind,
    text,
    link: row.link,
    prjCode: row.projectCode,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}

export async function listNotices(
  deps: AppDeps,
  auth: AuthContext,
  lang: Lang,
  input: Page & { kind?: NoticeKind | undefined; unread?: boolean | undefined },
) {
  const page = await q.listNotices(
    deps.database.db,
    { recipientId: auth.userId, kind: input.kind, unread: input.unread },
    input,
  );
  return { ...page, list: page.list.map((r) => renderNotice(r, lang)) };
}

export function unreadCount(deps: Pick<AppDeps, 'database'>, userId: string): Promise<number> {
  return q.unreadCount(deps.database.db, userId);
}

/** One notice of the user's, rendered (the stream's summary of a new notice); another's is none. */
export async function ownNotice(
  deps: Pick<AppDeps, 'database'>,
  userId: string,
  id: string,
  lang: Lang,
): Promise<NoticeItem | undefined> {
  const row = await q.noticeById(deps.database.db, id);
  return row && row.recipientId === userId ? renderNotice(row, lang) : undefined;
}

/**
 * Marks the user's notices read (`ids` absent: all); other users' ids are ignored. The user's
 * other open pages hear of it through the stream. Answers how many changed and what is left.
 */
export async function markRead(deps: AppDeps, auth: AuthContext, ids?: string[]) {
  const { db } = deps.database;
  const changed = await db.transaction(async (tx) => {
    const n = await q.markRead(tx, auth.userId, ids);
    if (n) await q.signal(tx, [`${auth.userId}:read`]);
    return n;
  });
  return { changed, unread: await q.unreadCount(db, auth.userId) };
}

/** An administrator's notice to every active member of the project (the sender excepted). */
export async function sendToProject(
  deps: AppDeps,
  auth: AuthContext,
  projectCode: string,
  input: { text: string; link: string },
): Promise<number> {
  return deps.database.db.transaction(async (tx) => {
    const members = (await q.membersOf(tx, projectCode)).filter((id) => id !== auth.userId);
    return notify(
      deps,
      { recipientIds: members, projectCode, kind: 'announcement', text: input.text, link: input.link },
      tx,
    );
  });
}

/** Retention: deletes notices older than `days`. */
export function pruneNotices(deps: Pick<AppDeps, 'database'>, days: number): Promise<number> {
  return q.deleteNoticesBefore(deps.database.db, new Date(Date.now() - days * 86_400_000));
}
