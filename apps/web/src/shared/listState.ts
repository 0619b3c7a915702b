import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState } from 'react';

/** One page of a server list (what every paged endpoint answers). */
export type PageOf<T> = { list: T[]; total: number; totalExact?: boolean | undefined };

export type ListState<F> = {
  /** The filters of the last search (blank strings dropped, text trimmed). */
  filters: F;
  pageNum: number;
  pageSize: number;
  /** Filters and page together: what the list call sends, and its query key. */
  input: F & { pageNum: number; pageSize: number };
  /** Apply a search: the list starts again at page 1. */
  search: (values: F) => void;
  /** Back to the initial filters (and page 1). */
  reset: () => void;
  setPage: (pageNum: number, pageSize?: number) => void;
};

/** Text trimmed, blank text and empty arrays dropped: what a search form's values mean. */
export function cleanFilters<F extends object>(values: F): F {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    const v = typeof value === 'string' ? value.trim() : value;
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    out[key] = v;
  }
  return out as F;
}

/**
 * The state of a list page: filters of the last search, page and page size. It lives in the
 * page, which a kept-alive tab keeps mounted, so returning to the tab finds it as it was left.
 */
export function useListState<F extends object>(initial: F, pageSize = 10): ListState<F> {
  const [state, setState] = useState({ filters: initial, pageNum: 1, pageSize });
  return {
    ...state,
    input: { ...state.filters, pageNum: state.pageNum, pageSize: state.pageSize },
    search: (values) =>
      setState((s) => ({ ...s, filters: { ...initial, ...cleanFilters(values) }, pageNum: 1 })),
    reset: () => setState((s) => ({ ...s, filters: initial, pageNum: 1 })),
    setPage: (pageNum, size) => setState((s) => ({ ...s, pageNum, pageSize: size ?? s.pageSize })),
  };
}

/**
 * Runs `onReturn` each time a kept-alive page is shown again (not on its first showing): React's
 * Activity unmounts a hidden page's effects and mounts them again when it is shown.
 */
export function useOnReturn(onReturn: () => void): void {
  const shown = useRef(false);
  const returned = useEffectEvent(onReturn);
  useEffect(() => {
    if (shown.current) returned();
    shown.current = true;
  }, []);
}

/**
 * The query of a list page: keyed by `key` plus the list state's input, the previous page kept
 * on screen while the next loads, and fetched again whenever its tab is returned to (another
 * page or another person may have changed the list meanwhile).
 */
export function usePagedList<T, I extends object>(
  key: QueryKey,
  input: I,
  fetch: (input: I) => Promise<PageOf<T>>,
) {
  const query = useQuery({
    queryKey: [...key, input],
    queryFn: () => fetch(input),
    placeholderData: keepPreviousData,
  });
  // Joins the fetch useQuery itself starts for a stale list rather than cancelling it.
  useOnReturn(() => void query.refetch({ cancelRefetch: false }));
  return query;
}
