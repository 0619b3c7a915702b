import { useMutation } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';

/** Joins a project with an invitation code. */
export function useAddVisitUser() {
  return useMutation({
    mutationFn: (code: string) => api.call('POST /api/user/addVisitUser/', { code: code.trim() }),
  });
}
