import type { SelfInfo } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, http } from '../../shared/http.ts';

const key = ['user', 'selfInfo'];

export function useSelfInfo(enabled: boolean) {
  return useQuery({ queryKey: key, queryFn: () => http.get<SelfInfo>('/api/user/selfInfo'), enabled });
}

export type ProfileForm = {
  name: string;
  avatar: string;
  sex: 0 | 1 | null;
  birthday: string | null;
};

/** Resolves with the server's message, which the drawer shows (spec §7). */
export function useEditSelfInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: ProfileForm) =>
      call<SelfInfo>('POST', '/api/user/editSelfInfo', { data: { ...form, name: form.name.trim() } }),
    onSuccess: ({ value }) => client.setQueryData(key, value),
  });
}
