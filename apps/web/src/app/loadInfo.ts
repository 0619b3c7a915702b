import { fetchSelf } from '../features/auth/api.ts';
import { t } from '../locales/index.ts';
import { activeMenus, toUserInfo, useSession } from '../shared/session.ts';
import type { InfoOutcome } from './guard.ts';

/**
 * Loads the user info into the session (spec §2/§5). Info is kept only when a project and
 * menus are in place, so a user who has neither is stopped again on the next navigation.
 */
export async function loadInfo(): Promise<InfoOutcome> {
  try {
    const self = await fetchSelf();
    if (!self) return { ok: false, message: t('info.verifyFailed') };
    if (!Array.isArray(self.menus)) return { ok: false, message: t('info.menusInvalid') };
    const session = useSession.getState();
    session.setProject(self.project);
    const info = toUserInfo(self);
    const hasProject = self.project !== null;
    const hasMenus = activeMenus(info, session.menuFlag).length > 0;
    if (hasProject && hasMenus) session.setInfo(info);
    session.setNoMenus(hasProject && !hasMenus);
    return { ok: true, hasProject, hasMenus };
  } catch (error) {
    return { ok: false, message: (error instanceof Error && error.message) || t('common.hasError') };
  }
}

// Menus changed on the server (menu or role administration): reload the info in place so the
// sidebar shows the change without a full reload.
useSession.subscribe((state, previous) => {
  if (state.menusChanged !== previous.menusChanged && state.token && state.info) void loadInfo();
});
