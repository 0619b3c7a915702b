import { buildMenuTree } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import { canDeleteRole, canEditRole } from './access.ts';
import { checkedKeysFor } from './api.ts';

const row = (id: number, pid = 0) => ({
  id,
  pid,
  title: String(id),
  icon: '',
  sort: id,
  path: `p${id}`,
  description: '',
  redirect: '',
  hidden: false,
});

describe('role permissions → buttons', () => {
  const builtIn = { builtIn: true, projectCode: null, userCount: 0 };
  const platform = { builtIn: false, projectCode: null, userCount: 0 };
  const own = { builtIn: false, projectCode: 'KH2026', userCount: 0 };
  it('project administrators edit their project roles only; built-in and platform roles are read-only', () => {
    expect(canEditRole(['roles.manage'], false, own)).toBe(true);
    expect(canEditRole(['roles.manage'], false, builtIn)).toBe(false);
    expect(canEditRole(['roles.manage'], false, platform)).toBe(false);
    expect(canEditRole(['roles.manage'], false, null)).toBe(true);
  });
  it('super administrators edit every role but delete no built-in one', () => {
    expect(canEditRole(['*'], true, builtIn)).toBe(true);
    expect(canDeleteRole(['*'], true, builtIn)).toBe(false);
    expect(canDeleteRole(['*'], true, platform)).toBe(true);
  });
  it('without roles.manage: nothing', () => {
    expect(canEditRole(['users.manage'], false, own)).toBe(false);
    expect(canEditRole(['users.manage'], false, null)).toBe(false);
    expect(canDeleteRole(['users.manage'], false, own)).toBe(false);
  });
});

describe('menu grants → tree checks', () => {
  const tree = buildMenuTree([row(1), row(2, 1), row(3, 1), row(4), row(5, 4)]);
  it('a granted group checks all its leaves', () => {
    expect(checkedKeysFor(tree, [1]).sort()).toEqual([2, 3]);
  });
  it('a granted child with its ancestor checks only that child', () => {
    expect(checkedKeysFor(tree, [4, 5, 2]).sort()).toEqual([2, 5]);
  });
});
