import Cookies from 'js-cookie';

/**
 * What survives a reload (spec §3): token, menu flag and the selected project in local
 * storage; sidebar state and component size in cookies (as the original did).
 */
const keys = { token: 'Admin-Token', menuFlag: 'MenuFlag', project: 'project' } as const;

export type MenuFlag = 'MENU' | 'SYS';
export type StoredProject = { code: string; name: string };

export const storage = {
  getToken: (): string => localStorage.getItem(keys.token) ?? '',
  setToken: (token: string) => localStorage.setItem(keys.token, token),
  removeToken: () => localStorage.removeItem(keys.token),

  getMenuFlag: (): MenuFlag => (localStorage.getItem(keys.menuFlag) === 'SYS' ? 'SYS' : 'MENU'),
  setMenuFlag: (flag: MenuFlag) => localStorage.setItem(keys.menuFlag, flag),
  removeMenuFlag: () => localStorage.removeItem(keys.menuFlag),

  getProject: (): StoredProject | null => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(keys.project) ?? 'null');
      if (parsed && typeof parsed === 'object' && 'code' in parsed && 'name' in parsed) {
        return { code: String(parsed.code), name: String(parsed.name) };
      }
    } catch {
      // A hand-edited or old value: treat as no project.
    }
    return null;
  },
  setProject: (project: StoredProject) => localStorage.setItem(keys.project, JSON.stringify(project)),
  removeProject: () => localStorage.removeItem(keys.project),
};

export const cookies = {
  getSidebarOpened: (): boolean => Cookies.get('sidebarStatus') !== '0',
  setSidebarOpened: (opened: boolean) => Cookies.set('sidebarStatus', opened ? '1' : '0'),
  getSize: (): string | undefined => Cookies.get('size'),
  setSize: (size: string) => Cookies.set('size', size),
};
