import { z } from 'zod';
import { pageQuery } from './envelope.ts';

/** Invitation codes use an alphabet without look-alikes (no 0/O, 1/I/L), 8 characters: 32^8 ≈ 10^12. */
export const inviteAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const inviteCode = z.string().trim().length(8);

export const inviteListBody = pageQuery;

export const inviteItem = z.object({
  id: z.string(),
  code: z.string(),
  projectCode: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  active: z.boolean(),
});
export type InviteItem = z.infer<typeof inviteItem>;

export const insertInviteBody = z.object({
  roleId: z.number().int(),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  maxUses: z.number().int().min(1).max(10000).nullable().default(null),
});
export type InsertInviteInput = z.input<typeof insertInviteBody>;

export const delInviteBody = z.object({ id: z.uuid() });
export const addVisitUserBody = z.object({ code: inviteCode });

/** Replies of the invitation calls. */
export const insertInviteValue = z.object({ id: z.string(), code: z.string() });
export const addVisitUserValue = z.object({ projectCode: z.string(), projectName: z.string() });
