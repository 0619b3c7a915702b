import { z } from 'zod';
import { columnDescriptor } from '../standards.ts';
import { recordRow } from './row.ts';

/** One record opened: its row, photos and videos, history of changes, and its table's columns. */

export const recordIdBody = z.object({ id: z.uuid() });
export const recordIdQuery = z.object({ id: z.uuid() });

/** A photo or video of a record: short-lived signed URLs for <img>/<video>. */
export const recordMedia = z.object({
  fileId: z.string(),
  field: z.string(),
  kind: z.enum(['photo', 'video']),
  name: z.string(),
  contentType: z.string(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  expiresAt: z.string(),
  /** From the photo's EXIF when it had one. */
  takenAt: z.string().nullable(),
  exifLong: z.number().nullable(),
  exifLat: z.number().nullable(),
  /** EXIF Make + Model. */
  camera: z.string().nullable(),
});
export type RecordMedia = z.infer<typeof recordMedia>;

export const historyActions = [
  'created',
  'corrected',
  'approved',
  'returned',
  'rejected',
  'comment',
  'deleted',
  'restored',
] as const;
export const historyAction = z.enum(historyActions);
export type HistoryAction = z.infer<typeof historyAction>;

export const fieldChange = z.object({
  field: z.string(),
  label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type FieldChange = z.infer<typeof fieldChange>;

export const historyEntry = z.object({
  id: z.number().int(),
  action: historyAction,
  at: z.string(),
  actorName: z.string(),
  reason: z.string().nullable().optional(),
  changes: z.array(fieldChange).optional(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** POST /api/sync/queryDataDetail → value.data */
export const recordDetail = recordRow.and(
  z.object({
    media: z.array(recordMedia),
    record: z.array(historyEntry),
    columnList: z.array(columnDescriptor),
    descriptor_version: z.number().int(),
  }),
);
export type RecordDetail = z.infer<typeof recordDetail>;
/** POST /api/sync/queryDataDetail → value */
export const recordDetailValue = z.object({ data: recordDetail });
