import type { AreaNode } from '@pineguard/contract';
import type { Executor } from '../../db/client.ts';
import { loadAreaDataset } from './dataset.ts';
import * as q from './queries.ts';

export { findArea, areasWithAncestors, areaNames, areaChildren } from './queries.ts';

/** "浙江省 / 衢州市 / 开化县" for each area code, walking up the parents. */
export async function areaPaths(db: Executor, codes: string[]): Promise<Map<string, string>> {
  const known = await q.areasWithAncestors(db, codes);
  const paths = new Map<string, string>();
  for (const code of codes) {
    const names: string[] = [];
    for (let c: string | null | undefined = code; c; c = known.get(c)?.parentCode) {
      const entry = known.get(c);
      if (!entry) break;
      names.unshift(entry.name);
    }
    paths.set(code, names.join(' / '));
  }
  return paths;
}

/** Provinces → cities → counties as a cascader tree (value = code, label = name, by sort). */
export async function countyTree(db: Executor): Promise<AreaNode[]> {
  const rows = await q.countyRows(db);
  const nodes = new Map<string, AreaNode>();
  const roots: AreaNode[] = [];
  for (const r of rows) {
    const node: AreaNode = { value: r.code, label: r.name };
    nodes.set(r.code, node);
    const parent = r.parentCode ? nodes.get(r.parentCode) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else if (!r.parentCode) roots.push(node);
  }
  return roots;
}

/** The townships a project's sections may cover: its county's, or the township a project sits in. */
export function projectTownships(db: Executor, areaCode: string) {
  if (areaCode.length !== 9) return q.areaChildren(db, areaCode);
  return q.areaEntryOf(db, areaCode);
}

/** Loads the GB/T 2260 divisions into an empty areas table (once per installation). */
export async function ensureAreas(db: Executor): Promise<void> {
  if (!(await q.areaCount(db))) await q.insertAreas(db, loadAreaDataset());
}
