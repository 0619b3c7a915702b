import { z } from 'zod';

/** Every /api JSON answer: `{code, message, value}`; code 0 is success. */
export function envelope<T extends z.ZodType>(value: T) {
  return z.object({ code: z.number().int(), message: z.string(), value });
}

export type Envelope<T> = { code: number; message: string; value: T };

/** The `value` of a call that answers nothing but its message (saves, deletions). */
export const noValue = z.null();

/**
 * Deepest page a numbered list serves: OFFSET beyond it costs more than a user would ever page.
 * Lists that go deeper (records) page by keyset cursor.
 */
export const MAX_PAGE_NUM = 1000;

/** Page request shared by every list: page 1, size 10 by default (spec §9), bounded. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).max(MAX_PAGE_NUM).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  // totalExact false: the total is the planner's estimate (large lists are never counted in full).
  return z.object({ list: z.array(item), total: z.number().int(), totalExact: z.boolean().optional() });
}
/** A page of `item` as it arrives: `PageOf<typeof userListItem>`. */
export type PageOf<T extends z.ZodType> = z.infer<ReturnType<typeof pageOf<T>>>;
