import { type AnomalyKind, anomalyKinds, type AnomalyState, anomalyStates } from '@pineguard/contract';

/** The list's filters; the address bar carries them, so a link can open the list filtered. */
export type AnomalyFilters = {
  anomalyKind?: AnomalyKind | undefined;
  sectionCode?: string | undefined;
  /** Undefined: every state. */
  state?: AnomalyState | undefined;
  begin?: string | undefined;
  end?: string | undefined;
};

/** What the page opens on: the anomalies still waiting for someone (待核查). */
export const defaultFilters: AnomalyFilters = { state: 'open' };

const day = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `?anomalyKind=&sectionCode=&state=&begin=&end=`. Without `state` the list is the open ones;
 * `state=all` is every state. Unknown kinds, states and malformed days are left out.
 */
export function filtersFromSearch(search: string): AnomalyFilters {
  const p = new URLSearchParams(search);
  const kind = p.get('anomalyKind') ?? '';
  const state = p.get('state') ?? '';
  const begin = p.get('begin') ?? '';
  const end = p.get('end') ?? '';
  return {
    ...((anomalyKinds as readonly string[]).includes(kind) ? { anomalyKind: kind as AnomalyKind } : {}),
    ...(p.get('sectionCode') ? { sectionCode: p.get('sectionCode') ?? undefined } : {}),
    ...(state === 'all'
      ? {}
      : { state: (anomalyStates as readonly string[]).includes(state) ? (state as AnomalyState) : 'open' }),
    ...(day.test(begin) && day.test(end) ? { begin, end } : {}),
  };
}

/** The search string of `filters` (what `filtersFromSearch` reads back). */
export function searchOf(filters: AnomalyFilters): string {
  const p = new URLSearchParams();
  if (filters.anomalyKind) p.set('anomalyKind', filters.anomalyKind);
  if (filters.sectionCode) p.set('sectionCode', filters.sectionCode);
  p.set('state', filters.state ?? 'all');
  if (filters.begin && filters.end) {
    p.set('begin', filters.begin);
    p.set('end', filters.end);
  }
  return `?${p.toString()}`;
}

/** The list's path filtered to one section's open anomalies (the reconciliation links here). */
export function anomaliesPath(sectionCode?: string): string {
  return `/anomalies${searchOf({ ...defaultFilters, ...(sectionCode ? { sectionCode } : {}) })}`;
}
