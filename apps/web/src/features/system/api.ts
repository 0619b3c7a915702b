import { clientPasswordHash, type InitStatusValue } from '@pineguard/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';

/** How often the first-run page asks how the demo load is doing. */
export const DEMO_POLL_MS = 1000;

/** A demo load still going (queued, running, or queued again to retry). */
export const demoLoading = (v: InitStatusValue | undefined) =>
  !!v?.demo && (v.demo.state === 'queued' || v.demo.state === 'running');

/** GET /api/system/init: initialised, and the demo load's progress (polled while it goes on). */
export function useInitStatus() {
  return useQuery({
    queryKey: ['system', 'init'],
    queryFn: () => api.value('GET /api/system/init'),
    refetchInterval: (query) => (demoLoading(query.state.data) ? DEMO_POLL_MS : false),
  });
}

export type InitForm = { account: string; password: string; name: string; demo: boolean };

export function useInitialise() {
  return useMutation({
    mutationFn: (form: InitForm) =>
      api.value('POST /api/system/init', {
        account: form.account.trim(),
        password: clientPasswordHash(form.password),
        name: form.name.trim(),
        demo: form.demo,
      }),
  });
}
