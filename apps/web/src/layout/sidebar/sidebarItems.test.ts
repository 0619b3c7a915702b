import type { MenuNode } from '@pineguard/contract';
import { describe, expect, it } from 'vitest';
import { openGroups, openKeysFor, resolvePath, toSidebarItems } from './sidebarItems.ts';

let nextId = 1;
function menu(path: string, title: string, extra: Partial<MenuNode> = {}): MenuNode {
  return {
    id: nextId++,
    pid: 0,
    title,
    icon: '',
    sort: 0,
    path,
    description: '',
    redirect: '',
    hidden: false,
    children: [],
    ...extra,
  };
}

describe('resolvePath', () => {
  it('resolves child paths against the parent', () => {
    expect(resolvePath('/users', 'userList')).toBe('/users/userList');
    expect(resolvePath('/users/', 'userList')).toBe('/users/userList');
  });
  it('keeps absolute paths', () => {
    expect(resolvePath('/dataSys', '/dataSys/yinzi')).toBe('/dataSys/yinzi');
  });
  it('fills :prjCode with the selected project', () => {
    expect(resolvePath('', '/safe/:prjCode', 'KH2026')).toBe('/safe/KH2026');
  });
  it('keeps external links as they are', () => {
    expect(resolvePath('/x', 'https://example.org/a')).toBe('https://example.org/a');
  });
});

describe('toSidebarItems', () => {
  it('leaves hidden items out', () => {
    const items = toSidebarItems([menu('/a', 'A'), menu('/b', 'B', { hidden: true })]);
    expect(items.map((i) => i.title)).toEqual(['A']);
  });

  it('renders a parent with no visible child as the parent itself', () => {
    const items = toSidebarItems([
      menu('/dataSys', '元数据管理', {
        icon: 'database',
        children: [menu('/dataSys/yinzi', '上报因子', { hidden: true })],
      }),
    ]);
    expect(items).toEqual([{ key: '/dataSys', title: '元数据管理', icon: 'database', external: false }]);
  });

  it('collapses a single visible child into one item with the parent icon as fallback', () => {
    const items = toSidebarItems([
      menu('/qrcode', '二维码', { icon: 'qrcode', children: [menu('list', '二维码列表')] }),
    ]);
    expect(items).toEqual([{ key: '/qrcode/list', title: '二维码列表', icon: 'qrcode', external: false }]);
  });

  it('keeps the child icon when it has one', () => {
    const items = toSidebarItems([
      menu('/fsd', '焚烧点', {
        icon: 'fire',
        children: [menu('census', '统计', { icon: 'chart' }), menu('x', 'X', { hidden: true })],
      }),
    ]);
    expect(items[0]).toMatchObject({ key: '/fsd/census', icon: 'chart' });
  });

  it('makes a submenu of two or more visible children, resolving their paths', () => {
    const [group] = toSidebarItems([
      menu('/users', '用户管理', {
        icon: 'user',
        children: [menu('userList', '用户列表'), menu('verifyPage', '审核')],
      }),
    ]);
    expect(group?.key).toBe('/users');
    expect(group?.children?.map((c) => c.key)).toEqual(['/users/userList', '/users/verifyPage']);
  });

  it('makes a submenu of a single child when alwaysShow says so', () => {
    const single = menu('/qrcode', '二维码', { children: [menu('list', '列表')] });
    const [group] = toSidebarItems([single], { alwaysShow: (m) => m.path === '/qrcode' });
    expect(group?.children?.map((c) => c.key)).toEqual(['/qrcode/list']);
  });

  it('marks external paths and URL icon references as external links', () => {
    const items = toSidebarItems([
      menu('https://example.org/help', '帮助'),
      menu('/docs', '文档', { icon: 'mailto:help@example.org' }),
    ]);
    expect(items).toEqual([
      { key: 'https://example.org/help', title: '帮助', icon: undefined, external: true },
      { key: 'mailto:help@example.org', title: '文档', icon: 'mailto:help@example.org', external: true },
    ]);
  });

  it('fills the project code into menu paths', () => {
    const items = toSidebarItems([menu('/projectCenter/:prjCode', '项目设置')], { projectCode: 'JS2026' });
    expect(items[0]?.key).toBe('/projectCenter/JS2026');
  });
});

describe('openKeysFor', () => {
  it('lists the submenus leading to the active item', () => {
    const items = toSidebarItems([
      menu('/users', 'U', { children: [menu('userList', 'L'), menu('verifyPage', 'V')] }),
      menu('/dashboard', 'D'),
    ]);
    expect(openKeysFor(items, '/users/verifyPage')).toEqual(['/users']);
    expect(openKeysFor(items, '/dashboard')).toEqual([]);
  });
});

describe('openGroups', () => {
  const items = toSidebarItems([
    menu('/lwrymanager', 'W', { children: [menu('list', 'L'), menu('shenhe', 'A')] }),
    menu('/system', 'S', { children: [menu('menu', 'M'), menu('roles', 'R')] }),
  ]);
  it("opens the selected item's group when the menus arrive after the page", () => {
    const before = openGroups(undefined, [], '/lwrymanager/list');
    expect(before.keys).toEqual([]);
    expect(openGroups(before, items, '/lwrymanager/list').keys).toEqual(['/lwrymanager']);
  });
  it('keeps the groups the user opened, and answers the same state for the same inputs', () => {
    const userOpened = { selected: '/system/menu', items, keys: ['/system'] };
    const moved = openGroups(userOpened, items, '/lwrymanager/list');
    expect(moved.keys).toEqual(['/system', '/lwrymanager']);
    expect(openGroups(moved, items, '/lwrymanager/list')).toBe(moved);
  });
});
