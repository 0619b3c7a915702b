import { describe, expect, it } from 'vitest';
import { closeTab } from '../../shared/pageTabs.ts';
import { useSession } from '../../shared/session.ts';
import { useTabs, visit } from './tabsStore.ts';

describe('tabs store', () => {
  it('closes the project menu’s tabs on switching to the system menu', () => {
    useSession.setState({ token: 'T', menuFlag: 'MENU' });
    visit('/users/userList', '', { title: 'route.userList' });
    expect(useTabs.getState().visitedViews.map((v) => v.path)).toContain('/users/userList');
    useSession.getState().setMenuFlag('SYS');
    expect(useTabs.getState().visitedViews.map((v) => v.path)).not.toContain('/users/userList');
    expect(useTabs.getState().visitedViews.every((v) => v.affix)).toBe(true);
  });

  it('closes a tab a page asks to close (shared/pageTabs: pages may not import the layout)', () => {
    useSession.setState({ token: 'T', menuFlag: 'MENU' });
    visit('/lwrymanager/form', '?id=1', { title: 'route.lwryForm' });
    expect(useTabs.getState().visitedViews.map((v) => v.path)).toContain('/lwrymanager/form');
    closeTab('/lwrymanager/form');
    expect(useTabs.getState().visitedViews.map((v) => v.path)).not.toContain('/lwrymanager/form');
  });
});
