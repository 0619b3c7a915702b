import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api } from './http.ts';
import { useSession } from './session.ts';

const SIGN_OUT_WAIT_MS = 5_000;

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
    // A failed or slow call must not keep the user signed in locally: it gets a few seconds.
    await api
      .value('POST /api/user/loginOut', undefined, { silent: true, timeoutMs: SIGN_OUT_WAIT_MS })
      .catch(() => null);
    // Stop what is in flight, leave the layout (its kept-alive pages unmount with it), then
    // forget the cache: clearing while those pages were still mounted made each of them
    // fetch again without a token ("未登录" toasts and a re-login prompt on /login).
    // Cancelling takes effect at once; its promise waits for the slowest request to come back
    // (the http client does not abort them), which could hold the user on the page.
    void queryClient.cancelQueries();
    useSession.getState().resetToken();
    await navigate(`/login?${new URLSearchParams({ redirect: pathname + search })}`, { replace: true });
    queryClient.clear();
  };
}
