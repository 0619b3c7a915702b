import type { MenuNode, SelfValue } from '@pineguard/contract';
import { create } from 'zustand';
import { type MenuFlag, type StoredProject, storage } from './storage.ts';

/** The signed-in user as the shell needs it (spec §3 "User session"). */
export type UserInfo = {
  name: string;
  avatar: string;
  introduction: string;
  menus: MenuNode[];
  sysMenus: MenuNode[];
  roles: string[];
  permissions: string[];
  isAdmin: boolean;
  gis: { gpsLong: number | null; gpsLat: number | null };
  account: string;
};

type SessionState = {
  token: string;
  menuFlag: MenuFlag;
  project: StoredProject | null;
  /** null until the guard has loaded user info for this token and project. */
  info: UserInfo | null;
  /** The last info load found a project but no menus (the project picker says so). */
  noMenus: boolean;
  /** Bumped when the menus changed on the server (menu or role admin); the shell reloads info. */
  menusChanged: number;
  /** Ask the shell to reload the user info now, keeping the current page (sidebar follows). */
  reloadMenus: () => void;
  setToken: (token: string) => void;
  setInfo: (info: UserInfo) => void;
  setNoMenus: (noMenus: boolean) => void;
  /** Forget the loaded info so the next navigation reloads it (project or language changed). */
  invalidateInfo: () => void;
  setProject: (project: StoredProject | null) => void;
  setMenuFlag: (flag: MenuFlag) => void;
  /** Token reset (spec §4): token, roles and project go; menus with them. */
  resetToken: () => void;
};

export const useSession = create<SessionState>((set) => ({
  token: storage.getToken(),
  menuFlag: storage.getMenuFlag(),
  project: storage.getProject(),
  info: null,
  noMenus: false,
  menusChanged: 0,
  reloadMenus: () => set((s) => ({ menusChanged: s.menusChanged + 1 })),
  setToken: (token) => {
    storage.setToken(token);
    set({ token, info: null });
  },
  setInfo: (info) => set({ info }),
  setNoMenus: (noMenus) => set({ noMenus }),
  invalidateInfo: () => set({ info: null }),
  setProject: (project) => {
    if (project) storage.setProject(project);
    else storage.removeProject();
    set({ project });
  },
  setMenuFlag: (menuFlag) => {
    storage.setMenuFlag(menuFlag);
    set({ menuFlag });
  },
  resetToken: () => {
    storage.removeToken();
    storage.removeProject();
    storage.removeMenuFlag();
    set({ token: '', info: null, project: null, menuFlag: 'MENU' });
  },
}));

/**
 * Turns the server's answer into session info. Spec §3/§6: roles are forced to admin after
 * the info load (the server already decides what each user may do); isAdmin comes from ifAdmin.
 */
export function toUserInfo(self: SelfValue): UserInfo {
  return {
    name: self.name,
    avatar: self.avatar,
    introduction: self.introduction,
    menus: self.menus,
    sysMenus: self.sysMenus,
    roles: ['admin'],
    permissions: self.permissions,
    isAdmin: self.ifAdmin,
    gis: { gpsLong: self.gpsLong, gpsLat: self.gpsLat },
    account: self.userIdOrCode,
  };
}

/** The menus the sidebar shows: the project's (MENU) or, for a super administrator, the system's. */
export function activeMenus(info: UserInfo | null, flag: MenuFlag): MenuNode[] {
  if (!info) return [];
  return flag === 'SYS' && info.isAdmin ? info.sysMenus : info.menus;
}
