import { z } from 'zod';
import { clientHash } from './auth.ts';
import { pageQuery } from './envelope.ts';

export const userStatuses = ['active', 'pending', 'rejected', 'disabled'] as const;
export const userStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatus>;

/** Mainland mobile numbers: 11 digits starting with 1. */
export const phone = z
  .string()
  .trim()
  .regex(/^1\d{10}$/);
/** New accounts: 3–32 letters, digits, or . _ @ - (no spaces, no Chinese: typed on phones and keyboards alike). */
export const newAccount = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.@-]{3,32}$/);
export const personName = z.string().trim().min(1).max(12);

export const userListBody = pageQuery.extend({
  keyword: z.string().trim().max(50).optional(),
  roleId: z.number().int().optional(),
  status: userStatus.optional(),
  /** Super administrators may list any project's users (or every user, when absent); others get their selected project. */
  prjCode: z.string().trim().max(64).optional(),
});
export type UserListInput = z.input<typeof userListBody>;

export const userRole = z.object({
  projectCode: z.string(),
  projectName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
});

export const userListItem = z.object({
  id: z.string(),
  account: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  status: userStatus,
  statusReason: z.string().nullable(),
  isSuperAdmin: z.boolean(),
  roles: z.array(userRole),
  createdAt: z.string(),
});
export type UserListItem = z.infer<typeof userListItem>;

export const addUserBody = z.object({
  account: newAccount,
  password: clientHash,
  name: personName,
  phone: phone.nullable().default(null),
  roleIds: z.array(z.number().int()).min(1).max(10),
});
export type AddUserInput = z.input<typeof addUserBody>;

/** addUserInfo: a manager edits a user of the selected project (name, phone, enabled, roles there). */
export const editUserBody = z.object({
  id: z.uuid(),
  name: personName,
  phone: phone.nullable().default(null),
  status: z.enum(['active', 'disabled']),
  roleIds: z.array(z.number().int()).max(10),
});
export type EditUserInput = z.input<typeof editUserBody>;

export const userIdQuery = z.object({ id: z.uuid() });
export const userIdBody = z.object({ id: z.uuid() });

export const resetPasswordByManagerBody = z.object({ id: z.uuid(), newPassword: clientHash });

export const queryPhoneQuery = z.object({ phone });

export const registerBody = z.object({
  account: newAccount,
  password: clientHash,
  name: personName,
  phone: phone.nullable().default(null),
  code: z.string().trim().length(8),
});

export const verifyListBody = pageQuery.extend({ keyword: z.string().trim().max(50).optional() });

export const verifyBody = z
  .object({
    userId: z.uuid(),
    approve: z.boolean(),
    reason: z.string().trim().max(200).default(''),
  })
  .refine((b) => b.approve || b.reason.length > 0, { path: ['reason'], message: 'reasonRequired' });
export type VerifyInput = z.input<typeof verifyBody>;

export const switchRoleBody = z.object({ roleId: z.number().int() });

/** Replies of the users calls (shared by the server's routes and the endpoint map). */
export const addUserValue = z.object({ id: z.string() });
export const resetPasswordValue = z.object({ password: z.string() });
export const queryPhoneValue = z.object({ exists: z.boolean() });
