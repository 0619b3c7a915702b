import { describe, expect, it } from 'vitest';
import { buildMenuTree } from './menus.ts';

const item = (id: number, pid: number, sort: number) => ({
  id,
  pid,
  sort,
  title: `m${id}`,
  icon: '',
  path: `/p${id}`,
  description: '',
  redirect: '',
  hidden: false,
});

describe('buildMenuTree', () => {
  it('nests by pid and orders siblings by sort, then id', () => {
    const tree = buildMenuTree([item(3, 0, 2), item(1, 0, 1), item(11, 1, 0), item(10, 1, 0), item(2, 0, 1)]);
    expect(tree.map((n) => n.id)).toEqual([1, 2, 3]);
    expect(tree[0]?.children.map((n) => n.id)).toEqual([10, 11]);
  });

  it('keeps an item whose parent is missing as a root', () => {
    expect(buildMenuTree([item(5, 99, 0)]).map((n) => n.id)).toEqual([5]);
  });
});
