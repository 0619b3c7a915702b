import { z } from 'zod';
import { account, clientHash } from './auth.ts';

export const initStatusValue = z.object({ initialised: z.boolean() });

export const initBody = z.object({
  account,
  password: clientHash,
  name: z.string().trim().min(1).max(12),
  demo: z.boolean().default(false),
});
export type InitInput = z.input<typeof initBody>;

export const healthValue = z.object({ status: z.literal('ok'), database: z.string() });

/** Reply of the first-run set-up: the super administrator's account. */
export const initValue = z.object({ account: z.string() });
/** Counts on the system home page. */
export const systemSummaryValue = z.object({
  users: z.number(),
  projects: z.number(),
  pendingReviews: z.number(),
  onlineSessions: z.number(),
});
