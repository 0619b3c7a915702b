import type { ProjectTreeNode } from '@pineguard/contract';

/** Keeps projects whose name or code contains the keyword, with the areas leading to them. */
export function filterProjectTree(nodes: ProjectTreeNode[], keyword: string): ProjectTreeNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return nodes;
  const out: ProjectTreeNode[] = [];
  for (const node of nodes) {
    if (node.type === 'project') {
      if (node.label.toLowerCase().includes(k) || node.value.toLowerCase().includes(k)) out.push(node);
      continue;
    }
    const children = filterProjectTree(node.children ?? [], keyword);
    if (children.length) out.push({ ...node, children });
  }
  return out;
}
