import { describe, expect, it } from 'vitest';
import {
  addCached,
  addView,
  closeAll,
  closeOthers,
  closeView,
  nextAfterClose,
  updateView,
  type VisitedView,
} from './tabsRules.ts';

const view = (path: string, extra: Partial<VisitedView> = {}): VisitedView => ({
  path,
  fullPath: path,
  title: `t${path}`,
  affix: false,
  name: `N${path}`,
  noCache: false,
  ...extra,
});
const dashboard = view('/dashboard', { affix: true, name: 'Dashboard', title: 'route.dashboard' });
const paths = (views: VisitedView[]) => views.map((v) => v.path);

describe('addView', () => {
  it('appends a new path', () => {
    expect(paths(addView([dashboard], view('/a')))).toEqual(['/dashboard', '/a']);
  });
  it('skips a path that already has a tab, whatever its query', () => {
    const views = [dashboard, view('/a')];
    expect(addView(views, view('/a', { fullPath: '/a?x=1' }))).toBe(views);
  });
  it("titles an untitled view 'no-name'", () => {
    expect(addView([], view('/a', { title: '' }))[0]?.title).toBe('route.noName');
  });
});

describe('addCached', () => {
  it('caches named pages by path once', () => {
    expect(addCached([], view('/a'))).toEqual(['/a']);
    expect(addCached(['/a'], view('/a'))).toEqual(['/a']);
  });
  it('does not cache noCache or unnamed pages', () => {
    expect(addCached([], view('/a', { noCache: true }))).toEqual([]);
    expect(addCached([], view('/a', { name: undefined }))).toEqual([]);
  });
});

describe('updateView', () => {
  it('merges a query change into the tab with the same path', () => {
    const views = updateView([dashboard, view('/a')], { path: '/a', fullPath: '/a?page=2' });
    expect(views[1]?.fullPath).toBe('/a?page=2');
    expect(views).toHaveLength(2);
  });
});

describe('closing', () => {
  const views = [dashboard, view('/a'), view('/b'), view('/c')];

  it('closes one tab by path', () => {
    expect(paths(closeView(views, '/b'))).toEqual(['/dashboard', '/a', '/c']);
  });
  it('never closes a pinned tab', () => {
    expect(closeView(views, '/dashboard')).toHaveLength(4);
  });
  it('close others keeps pinned tabs and the current one', () => {
    expect(paths(closeOthers(views, '/b'))).toEqual(['/dashboard', '/b']);
  });
  it('close all keeps pinned tabs only', () => {
    expect(paths(closeAll(views))).toEqual(['/dashboard']);
  });
});

describe('nextAfterClose', () => {
  it('goes to the last remaining tab, with its query', () => {
    expect(nextAfterClose([dashboard, view('/a', { fullPath: '/a?q=1' })], view('/b'))).toBe('/a?q=1');
  });
  it('goes home when nothing remains', () => {
    expect(nextAfterClose([], view('/b'))).toBe('/');
  });
  it('re-opens the dashboard through /redirect when it was the one closed', () => {
    expect(nextAfterClose([], { ...dashboard, affix: false })).toBe('/redirect/dashboard');
  });
});
