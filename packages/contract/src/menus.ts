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
