import { z } from 'zod';

/** A menu item as the client receives it (spec §3): a tree built from id and pid. */
export type MenuNode = {
  id: number;
  pid: number;
  title: string;
  icon: string;
  sort: number;
  path: string;
  description: string;
  redirect: string;
  hidden: boolean;
  children: MenuNode[];
};

export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    pid: z.number().int(),
    title: z.string(),
    icon: z.string(),
    sort: z.number().int(),
    path: z.string(),
    description: z.string(),
    redirect: z.string(),
    hidden: z.boolean(),
    children: z.array(menuNode),
  }),
);

/** Builds the tree from flat rows; siblings by sort then id; orphans become roots. */
export function buildMenuTree<T extends Omit<MenuNode, 'children'>>(rows: T[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const row of rows) nodes.set(row.id, { ...row, children: [] });
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.pid ? nodes.get(node.pid) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const n of list) order(n.children);
  };
  order(roots);
  return roots;
}

// Resource (menu) management.

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
