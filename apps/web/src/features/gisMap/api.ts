import type { GisCellsQuery } from '@pineguard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';

const key = ['gisMap'];

/** The map's layers besides records: county, tables, sections, burn points. */
export function useGisSetup() {
  return useQuery({ queryKey: [...key, 'setup'], queryFn: () => api.value('GET /api/gis/setup') });
}

/** The records in view, aggregated by the server (the previous answer stays while panning). */
export function useGisCells(input: GisCellsQuery | null) {
  const clean = input
    ? (Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as GisCellsQuery)
    : null;
  return useQuery({
    queryKey: [...key, 'cells', clean],
    queryFn: () => api.value('GET /api/gis/cells', clean!),
    enabled: clean !== null,
    placeholderData: keepPreviousData,
  });
}
