import { z } from 'zod';

export const menuScope = z.enum(['project', 'system']);

/** A resource (menu item) as the resource-management screen edits it. */
export const menuItemBody = z.object({
  id: z.number().int().optional(),
  pid: z.number().int().min(0).default(0),
  scope: menuScope.default('project'),
  title: z.string().trim().min(1).max(30),
  titleEn: z.string().trim().max(60).default(''),
  icon: z.string().trim().max(200).default(''),
  sort: z.number().int().min(0).max(100000).default(0),
  path: z.string().trim().min(1).max(200),
  redirect: z.string().trim().max(200).default(''),
  description: z.string().trim().max(200).default(''),
  hidden: z.boolean().default(false),
});

export const menuRow = menuItemBody.required({ id: true }).extend({ builtIn: z.boolean() });
export type MenuRow = z.infer<typeof menuRow>;
