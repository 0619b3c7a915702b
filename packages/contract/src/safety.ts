import { z } from 'zod';
import { dayBound } from './dayBound.ts';
import { pageQuery } from './envelope.ts';

/**
 * 安全台账 (safety ledger, issue #17): a project's 安全教育记录 — safety briefings before work
 * (班前安全交底), training sessions (安全培训), drills (应急演练) — and incidents (安全事件),
 * each with its attendees from the project's workers and its photos.
 */
export const safetyKinds = ['briefing', 'training', 'drill', 'incident'] as const;
export const safetyKind = z.enum(safetyKinds);
export type SafetyKind = z.infer<typeof safetyKind>;

const trimmed = (max: number) => z.string().trim().max(max);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One line of the ledger. */
export const safetyItem = z.object({
  id: z.string(),
  projectCode: z.string(),
  kind: safetyKind,
  /** 主题. */
  topic: z.string(),
  /** The day it was held (yyyy-MM-dd, China time). */
  heldOn: z.string(),
  place: z.string(),
  /** Who led it (主讲人 / 负责人). */
  host: z.string(),
  sectionCode: z.string().nullable(),
  sectionName: z.string().nullable(),
  content: z.string(),
  attendeeCount: z.number().int(),
  photoIds: z.array(z.string()),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type SafetyItem = z.infer<typeof safetyItem>;

export const safetyAttendee = z.object({
  id: z.string(),
  name: z.string(),
  sectionName: z.string(),
  workType: z.string(),
});
export type SafetyAttendee = z.infer<typeof safetyAttendee>;

export const safetyDetail = safetyItem.extend({ attendees: z.array(safetyAttendee) });
export type SafetyDetail = z.infer<typeof safetyDetail>;

export const safetyListBody = pageQuery.extend({
  projectCode: z.string().optional(),
  kind: safetyKind.optional(),
  sectionCode: z.string().max(50).optional(),
  dateBegin: dayBound,
  dateEnd: dayBound,
  keyWords: trimmed(50).optional(),
});
export type SafetyListBody = z.input<typeof safetyListBody>;

/** Most attendees one record lists (a briefing of a whole section's crews). */
export const MAX_SAFETY_ATTENDEES = 500;

export const safetySaveBody = z.object({
  projectCode: z.string().optional(),
  kind: safetyKind,
  topic: trimmed(100).min(1),
  heldOn: day,
  place: trimmed(100).default(''),
  host: trimmed(50).default(''),
  sectionCode: z.string().max(50).nullable().optional(),
  content: trimmed(5000).default(''),
  attendeeIds: z.array(z.uuid()).max(MAX_SAFETY_ATTENDEES).default([]),
  photoIds: z.array(z.uuid()).max(9).default([]),
});
export type SafetySaveBody = z.input<typeof safetySaveBody>;

export const safetyIdQuery = z.object({ id: z.uuid(), projectCode: z.string().optional() });

/** The print view: the records of a period with their attendees, and the workers whose insurance ends soon. */
export const safetyPrintQuery = z.object({
  projectCode: z.string().optional(),
  dateBegin: day,
  dateEnd: day,
  kind: safetyKind.optional(),
});
export type SafetyPrintQuery = z.input<typeof safetyPrintQuery>;

/** Most records one print holds (a season's briefings of a project fit easily). */
export const MAX_SAFETY_PRINT = 500;

export const safetyInsuranceItem = z.object({
  id: z.string(),
  name: z.string(),
  sectionName: z.string(),
  bxEnd: z.string(),
});

export const safetyPrintValue = z.object({
  projectName: z.string(),
  dateBegin: z.string(),
  dateEnd: z.string(),
  records: z.array(safetyDetail),
  /** More records matched than the print holds (narrow the period). */
  truncated: z.boolean(),
  insuranceEnding: z.array(safetyInsuranceItem),
  insuranceEndingCount: z.number().int(),
  printedAt: z.string(),
});
export type SafetyPrintValue = z.infer<typeof safetyPrintValue>;
