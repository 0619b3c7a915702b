import type { EditSelfInfoInput } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';

const key = ['user', 'selfInfo'];

export function useSelfInfo(enabled: boolean) {
  return useQuery({ queryKey: key, queryFn: () => api.value('GET /api/user/selfInfo'), enabled });
}

export type ProfileForm = Required<EditSelfInfoInput>;

/** Resolves with the server's message, which the drawer shows (spec §7). */
export function useEditSelfInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: ProfileForm) =>
      api.call('POST /api/user/editSelfInfo', { ...form, name: form.name.trim() }),
    onSuccess: ({ value }) => {
      client.setQueryData(key, value);
      // Lists that show the user's name (users, review, project members) show the new one.
      return client.invalidateQueries({ queryKey: ['users'] });
    },
  });
}
