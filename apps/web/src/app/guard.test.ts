import { describe, expect, it } from 'vitest';
import { canAccess, decide, decideAfterInfo, type NavState } from './guard.ts';

const base: NavState = {
  pathname: '/kusishu',
  fullPath: '/kusishu?x=1',
  hasToken: true,
  infoLoaded: true,
  roles: ['admin'],
  known: true,
  routeRoles: [],
};

describe('decide: without a token', () => {
  it.each(['/login', '/auth-redirect', '/init'])('lets %s through', (pathname) => {
    expect(decide({ ...base, hasToken: false, pathname, fullPath: pathname })).toEqual({ type: 'allow' });
  });

  it('sends anything else to /login with the original path in redirect', () => {
    expect(decide({ ...base, hasToken: false })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fkusishu%3Fx%3D1',
    });
  });

  it('sends unknown paths to /login too, not /404', () => {
    const d = decide({ ...base, hasToken: false, known: false, pathname: '/nope', fullPath: '/nope' });
    expect(d).toEqual({ type: 'redirect', to: '/login?redirect=%2Fnope' });
  });
});

describe('decide: with a token', () => {
  it('sends /login to /', () => {
    expect(decide({ ...base, pathname: '/login', fullPath: '/login' })).toEqual({
      type: 'redirect',
      to: '/',
    });
  });

  it('allows /selectProject before any info is loaded', () => {
    const d = decide({ ...base, infoLoaded: false, pathname: '/selectProject', fullPath: '/selectProject' });
    expect(d).toEqual({ type: 'allow' });
  });

  it('loads user info first when menus are not loaded', () => {
    expect(decide({ ...base, infoLoaded: false })).toEqual({ type: 'loadInfo' });
    expect(decide({ ...base, infoLoaded: false, known: false })).toEqual({ type: 'loadInfo' });
  });

  it('sends unknown paths to /404 once info is loaded', () => {
    expect(decide({ ...base, known: false })).toEqual({ type: 'redirect', to: '/404' });
  });

  it('sends existing pages the menus do not grant to /401, not /404', () => {
    expect(decide({ ...base, granted: false })).toEqual({ type: 'redirect', to: '/401' });
  });

  it('lets admin open role-restricted routes', () => {
    expect(decide({ ...base, routeRoles: [['editor']] })).toEqual({ type: 'allow' });
  });

  it('sends other roles to /401 for role-restricted routes', () => {
    expect(decide({ ...base, roles: ['viewer'], routeRoles: [['editor']] })).toEqual({
      type: 'redirect',
      to: '/401',
    });
    expect(decide({ ...base, roles: ['editor'], routeRoles: [['editor']] })).toEqual({ type: 'allow' });
  });
});

describe('canAccess', () => {
  it('opens routes without roles to everyone', () => {
    expect(canAccess([], [])).toBe(true);
  });
  it('needs one shared role for each restricted level', () => {
    expect(canAccess(['a'], [['a', 'b']])).toBe(true);
    expect(canAccess(['a'], [['a'], ['b']])).toBe(false);
  });
});

describe('decideAfterInfo', () => {
  it('fails to /login with the message and redirect', () => {
    expect(decideAfterInfo({ ok: false, message: 'Has Error' }, '/users/userList')).toEqual({
      type: 'fail',
      message: 'Has Error',
      to: '/login?redirect=%2Fusers%2FuserList',
    });
  });

  it('sends users without a project to /selectProject with the flag and the way back', () => {
    expect(decideAfterInfo({ ok: true, hasProject: false, hasMenus: false }, '/gistest')).toEqual({
      type: 'redirect',
      to: '/selectProject?flag=true&redirect=%2Fgistest',
    });
  });

  it('sends users without menus to /selectProject', () => {
    expect(decideAfterInfo({ ok: true, hasProject: true, hasMenus: false }, '/gistest')).toEqual({
      type: 'redirect',
      to: '/selectProject',
    });
  });

  it('re-enters the same navigation when all is in place', () => {
    expect(decideAfterInfo({ ok: true, hasProject: true, hasMenus: true }, '/gistest')).toEqual({
      type: 'reenter',
    });
  });
});
