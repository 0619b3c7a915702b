import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api } from './http.ts';
import { useSession } from './session.ts';

/**
 * Log-out (spec §4): ends the server session, clears token, menus and project (tabs follow
 * the token, see tabsStore), forgets cached queries, and goes to /login with a way back.
 * It lives in shared because the project picker and the avatar menu both offer it.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return async () => {
    // A failed call must not keep the user signed in locally.
    await api.value('POST /api/user/loginOut', undefined, { silent: true }).catch(() => null);
    useSession.getState().resetToken();
    queryClient.clear();
    navigate(`/login?${new URLSearchParams({ redirect: pathname + search })}`, { replace: true });
  };
}
