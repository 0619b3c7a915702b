import { useQuery } from '@tanstack/react-query';
import { api } from '../http.ts';
import { useSession } from '../session.ts';
import type { SectionBoundary } from './BaseMap.tsx';

const none: SectionBoundary[] = [];

/**
 * The selected project's section boundaries for a map (`<BaseMap sections={…}>`): empty while
 * they load, or where the caller may not read them (a failure is not worth a message on a map).
 */
export function useSectionBoundaries(enabled = true): SectionBoundary[] {
  const project = useSession((s) => s.project?.code ?? null);
  const query = useQuery({
    queryKey: ['sectionBoundaries', project],
    queryFn: () => api.value('GET /api/project/bdBoundaries', undefined, { silent: true }),
    enabled: enabled && project !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data ?? none;
}
