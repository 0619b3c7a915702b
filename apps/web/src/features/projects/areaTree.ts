import type { AreaNode } from '@pineguard/contract';

/** The cascader path (province, city, county) to an area code, or null when it is not in the tree. */
export function pathTo(nodes: AreaNode[], code: string): string[] | null {
  for (const node of nodes) {
    if (node.value === code) return [node.value];
    // Codes nest by prefix (GB/T 2260), but not always by two digits: search the subtree.
    const below = node.children ? pathTo(node.children, code) : null;
    if (below) return [node.value, ...below];
  }
  return null;
}

/** Total of a storage usage list. */
export function totalBytes(rows: { bytes: number; files: number }[]): { bytes: number; files: number } {
  return rows.reduce((acc, r) => ({ bytes: acc.bytes + r.bytes, files: acc.files + r.files }), {
    bytes: 0,
    files: 0,
  });
}
