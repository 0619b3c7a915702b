import type { ReconcileValue } from '@pineguard/contract';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { download, http, saveBlob } from '../../shared/http.ts';

// Through `http` with the contract's types: `withDays` and the download need query strings the
// endpoint map's helpers would only wrap.

export const reconcileKey = ['reconcile'];

/** The query of both calls (contract `reconcileQuery`; begin and end are China days). */
export type ReconcileInput = {
  prjCode?: string | undefined;
  sectionCode?: string | undefined;
  begin?: string | undefined;
  end?: string | undefined;
};

/** The figures of the project per section and day over a range (the season without one). */
export function useReconcile(input: ReconcileInput) {
  return useQuery({
    queryKey: [...reconcileKey, 'summary', input],
    queryFn: () => http.get<ReconcileValue>('/api/reconcile/summary', { params: input }),
    placeholderData: keepPreviousData,
    enabled: Boolean(input.prjCode),
  });
}

/**
 * The days of the expanded sections, one call per section (`withDays`): the season's answer
 * leaves them out, so opening the screen costs a few KB however long the season.
 */
export function useReconcileDays(input: ReconcileInput, sectionCodes: string[]) {
  return useQueries({
    queries: sectionCodes.map((sectionCode) => ({
      queryKey: [...reconcileKey, 'days', input, sectionCode],
      queryFn: () =>
        http.get<ReconcileValue>('/api/reconcile/summary', {
          params: { ...input, sectionCode, withDays: 'true' },
        }),
      enabled: Boolean(input.prjCode),
    })),
    combine: combineDays,
  });
}

// At module level: a stable `combine` runs only when the results change (rows are memoised on it).
function combineDays(results: { data?: ReconcileValue | undefined; isFetching: boolean }[]) {
  return {
    days: results.flatMap((r) => r.data?.days ?? []),
    fetching: results.some((r) => r.isFetching),
  };
}

/** The same figures as an .xlsx (GET /api/reconcile/export), saved under the server's file name. */
export async function exportReconcile(input: ReconcileInput): Promise<void> {
  const { blob, fileName } = await download('GET', '/api/reconcile/export', {
    params: input,
    fileNameHeader: 'filename',
  });
  const range = [input.begin, input.end].filter(Boolean).join('_');
  saveBlob(blob, fileName ?? `reconcile-${input.prjCode ?? ''}${range ? `-${range}` : ''}.xlsx`);
}
