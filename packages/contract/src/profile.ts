import { z } from 'zod';
import { chinaToday } from './chinaTime.ts';

/** The 16 preset avatars (spec §2): file names the web serves from /avatars/. */
export const presetAvatars = Array.from(
  { length: 16 },
  (_, i) => `avatar-${String(i + 1).padStart(2, '0')}.svg`,
);

/** Sex codes (spec §2): 1 male, 0 female. */
export const sexCodes = [0, 1] as const;

export const selfInfoValue = z.object({
  name: z.string(),
  avatar: z.string(),
  sex: z.number().int().nullable(),
  birthday: z.string().nullable(),
  phone: z.string().nullable(),
});
export type SelfInfo = z.infer<typeof selfInfoValue>;

/** Profile edit (spec §5): name 1–12 characters; birthday a month, yyyy-MM; phone is read-only. */
export const editSelfInfoBody = z.object({
  name: z.string().trim().min(1).max(12),
  avatar: z.union([z.enum(presetAvatars as [string, ...string[]]), z.literal('')]).default(''),
  sex: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .default(null),
  birthday: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    // yyyy-MM compares as text; "now" is China's month (the users' calendar).
    .refine((month) => month <= chinaToday().slice(0, 7), { message: 'birthMonthFuture' })
    .nullable()
    .default(null),
});
export type EditSelfInfoInput = z.input<typeof editSelfInfoBody>;
