import { clientPasswordHash, type SelfValue } from '@pineguard/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';

/** GET /api/user/self. Silent: the guard reports failures itself (spec §2). */
export function fetchSelf(): Promise<SelfValue> {
  return api.value('GET /api/user/self', undefined, { silent: true });
}

export type LoginForm = { account: string; password: string };

/** Spec §5: account trimmed, password sent as the client hash; client 2 is the back-office. */
export function login(form: LoginForm): Promise<{ token: string }> {
  return api.value('POST /api/user/login', {
    account: form.account.trim(),
    password: clientPasswordHash(form.password),
    client: 2,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

export type PasswordForm = { oldPassword: string; newPassword: string };

export function useChangePassword() {
  return useMutation({
    mutationFn: (form: PasswordForm) =>
      api.value('POST /api/user/password', {
        oldPassword: clientPasswordHash(form.oldPassword),
        newPassword: clientPasswordHash(form.newPassword),
      }),
  });
}

export function useInitStatus() {
  return useQuery({
    queryKey: ['system', 'init'],
    queryFn: () => api.value('GET /api/system/init'),
  });
}
