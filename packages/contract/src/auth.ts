import { z } from 'zod';
import { menuNode } from './menus.ts';
import { clientHashPattern } from './password.ts';

/** A password as it crosses the wire: always the client hash (spec §5), never the typed text. */
export const clientHash = z.string().regex(clientHashPattern, { error: 'passwordNotHashed' });

export const account = z.string().trim().min(1).max(64);

/** Client type codes: 2 is the web back-office (spec §9); 1 is the field app. */
export const clientType = z.union([z.literal(1), z.literal(2)]);

export const loginBody = z.object({
  account,
  password: clientHash,
  client: clientType.default(2),
});
export type LoginBody = z.input<typeof loginBody>;

export const loginValue = z.object({ token: z.string() });

export const selfValue = z.object({
  menus: z.array(menuNode),
  sysMenus: z.array(menuNode),
  name: z.string(),
  introduction: z.string(),
  ifAdmin: z.boolean(),
  gpsLong: z.number().nullable(),
  gpsLat: z.number().nullable(),
  userIdOrCode: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  project: z.object({ code: z.string(), name: z.string() }).nullable(),
  /** Every role the user holds in the selected project (the role switcher's choices). */
  heldRoles: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  /** The role the session switched to, or null when all held roles apply. */
  activeRoleId: z.number().int().nullable(),
});
export type SelfValue = z.infer<typeof selfValue>;

export const passwordBody = z.object({ oldPassword: clientHash, newPassword: clientHash });
export type PasswordInput = z.input<typeof passwordBody>;

export const selectProjectBody = z.object({ prjCode: z.string().trim().min(1).max(64) });

/** One node of the project picker: area groups (province → city → county) with projects as leaves. */
export type ProjectTreeNode = {
  value: string;
  label: string;
  type: 'area' | 'project';
  children?: ProjectTreeNode[];
};
export const projectTreeNode: z.ZodType<ProjectTreeNode> = z.lazy(() =>
  z.object({
    value: z.string(),
    label: z.string(),
    type: z.enum(['area', 'project']),
    children: z.array(projectTreeNode).optional(),
  }),
);

/** The project chosen by selectProject. */
export const selectProjectValue = z.object({ code: z.string(), name: z.string() });

/**
 * POST /api/user/loginPrj (spec §7): sign in straight into a project, as login followed by
 * selectProject would; a project the account is not a member of is refused like selectProject
 * refuses it, and no session is opened then.
 */
export const loginPrjBody = loginBody.extend({ prjCode: selectProjectBody.shape.prjCode });
export type LoginPrjBody = z.input<typeof loginPrjBody>;
export const loginPrjValue = loginValue.extend({ project: selectProjectValue });
