import { z } from 'zod';
import { pageQuery } from './envelope.ts';

/**
 * What a notice is about. `announcement` is written by an administrator to a project; the
 * others are written by the system when the thing happens.
 */
export const noticeKinds = [
  'recordReturned',
  'recordRejected',
  'exportFinished',
  'exportFailed',
  'workerPending',
  'workerInsuranceEnding',
  'workerInsuranceEnded',
  'userPending',
  'anomaliesFound',
  'announcement',
] as const;
export type NoticeKind = (typeof noticeKinds)[number];
export const noticeKind = z.enum(noticeKinds);

/** `POST /api/notice/list`: the signed-in user's notices, newest first; `unread` keeps the unread. */
export const noticeListBody = pageQuery.extend({
  noticeKind: noticeKind.optional(),
  unread: z.boolean().optional(),
});

export const noticeItem = z.object({
  id: z.string(),
  kind: noticeKind,
  /** Rendered in the reader's language. */
  text: z.string(),
  /** A path inside the app, or ''. */
  link: z.string(),
  prjCode: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

export const noticeUnreadValue = z.object({ unread: z.number().int() });

export const noticeReadBody = z.object({ noticeIds: z.array(z.uuid()).min(1).max(100) });
export const noticeReadValue = z.object({ changed: z.number().int(), unread: z.number().int() });

/** `POST /api/notice/send`: an administrator's notice to every member of the selected project. */
export const noticeSendBody = z.object({
  text: z.string().trim().min(1).max(500),
  link: z
    .string()
    .trim()
    .max(200)
    .regex(/^(\/[^/\\].*|\/)?$/)
    .default(''),
});
export const noticeSendValue = z.object({ sent: z.number().int() });

/**
 * `GET /api/notice/stream` (text/event-stream): `event: unread` with `{ unread, notice? }`, the
 * unread count now and the notice that just arrived (absent on the first event and after reads).
 */
export const noticeStreamEvent = z.object({ unread: z.number().int(), notice: noticeItem.optional() });
export type NoticeStreamEvent = z.infer<typeof noticeStreamEvent>;
