import { z } from 'zod';
import { permissionKeys } from './permissions.ts';
import { projectCode } from './projects.ts';

/** Permissions a project's own roles may grant: system administration stays with super administrators. */
export const projectPermissionKeys = permissionKeys.filter((k) => k !== 'system.admin');

export const roleItem = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  builtIn: z.boolean(),
  /** null: a platform-wide role (built-in or made by a super administrator); else the owning project. */
  projectCode: z.string().nullable(),
  permissions: z.array(z.string()),
  menuIds: z.array(z.number().int()),
  userCount: z.number().int(),
});
export type RoleItem = z.infer<typeof roleItem>;

export const updateRoleBody = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1).max(20),
  description: z.string().trim().max(200).default(''),
  permissions: z.array(z.enum(permissionKeys)).max(permissionKeys.length),
  menuIds: z.array(z.number().int()).max(500),
});
export type UpdateRoleInput = z.input<typeof updateRoleBody>;

export const roleDetailQuery = z.object({ dataId: z.coerce.number().int() });
export const roleIdQuery = z.object({ id: z.coerce.number().int() });
export const delUserRoleQuery = z.object({ userId: z.uuid(), roleId: z.coerce.number().int() });

/** The roles list: a super administrator may name the project. */
export const roleListQuery = z.object({ prjCode: projectCode.optional() });
