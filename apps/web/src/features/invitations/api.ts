import { useMutation } from '@tanstack/react-query';
import { call } from '../../shared/http.ts';

/** Joins a project with an invitation code. The server side arrives with the users issue. */
export function useAddVisitUser() {
  return useMutation({
    mutationFn: (code: string) =>
      call<unknown>('POST', '/api/user/addVisitUser/', { data: { code: code.trim() } }),
  });
}
