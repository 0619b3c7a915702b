import type { AreaNode, MeasureItem, ProjectItem, SectionItem, StandardTableItem } from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, http } from '../../shared/http.ts';

/** Project administration calls (/projectSys and /projectCenter). */

export type ProjectBody = {
  code: string;
  name: string;
  areaCode: string;
  year: number | null;
  ownerUnit: string;
  description: string;
  startDate: string | null;
  endDate: string | null;
};

export type SectionBody = {
  id?: string;
  code: string;
  name: string;
  contractor: string;
  managerId: string | null;
  areaCodes: string[];
  plannedTrees: number | null;
  plannedVolume: number | null;
};

export type Member = { id: string; account: string; name: string; phone: string | null; roleNames: string[] };
export type AreaEntry = { code: string; name: string; father: string | null; sort: number };
export type StorageUsage = { kind: string; files: number; bytes: number };
export type ProjectListQuery = { pageNum: number; pageSize: number; keyword?: string; areaCode?: string };

const key = ['projectAdmin'];

export function useProjectList(query: ProjectListQuery) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: () => http.post<{ list: ProjectItem[]; total: number }>('/api/project/list', query),
    placeholderData: keepPreviousData,
  });
}

/** The province → city → county cascader (large and static: kept for the session). */
export function useCountyTree() {
  return useQuery({
    queryKey: ['areas', 'countyTree'],
    queryFn: () => http.get<AreaNode[]>('/api/project/listArea4AddPrj1'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAreaChildren(parentCode: string | null) {
  return useQuery({
    queryKey: ['areas', 'children', parentCode],
    queryFn: () => http.get<AreaEntry[]>('/api/project/areaListByParentCode', { params: { parentCode } }),
    enabled: parentCode !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMeasures() {
  return useQuery({
    queryKey: ['measures'],
    queryFn: () => http.get<MeasureItem[]>('/api/project/fzcsList'),
  });
}

export function useSaveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, isNew }: { body: ProjectBody; isNew: boolean }) =>
      call<ProjectItem>('POST', isNew ? '/api/project/add' : '/api/project/addPrj1', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prjCode: string) => call<null>('POST', '/api/project/delete', { data: { prjCode } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useSetMeasures() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { prjCode: string; measureCodes: string[] }) =>
      call<MeasureItem[]>('POST', '/api/project/setUpType', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

// The selected project (project settings).

export function useCurrentProject(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'current'],
    queryFn: () => http.get<ProjectItem>('/api/project/showPrj1'),
    enabled,
  });
}

export function useProjectTables(prjCode: string, measureCodes: string[] | undefined) {
  return useQuery({
    queryKey: [...key, 'tables', prjCode, measureCodes],
    queryFn: () => http.post<StandardTableItem[]>('/api/project/prj1StandCodeList', { prjCode }),
    enabled: measureCodes !== undefined,
  });
}

/** Sections of the selected project, a page at a time (the server caps pages at 100). */
export function useSections(page: { pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...key, 'sections', page],
    queryFn: () => http.post<{ list: SectionItem[]; total: number }>('/api/project/prj1BDList', page),
    placeholderData: keepPreviousData,
  });
}

export function useSaveSection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SectionBody) => call<SectionItem>('POST', '/api/project/updateBdInfo', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useManagers(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'managers'],
    queryFn: () => http.post<Member[]>('/api/project/prj1ManagerList', {}),
    enabled,
  });
}

export function useMembers(enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'members'],
    queryFn: () => http.post<Member[]>('/api/project/prj1UserList', {}),
    enabled,
  });
}

export function useStorageUsage(prjCode: string, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'storage', prjCode],
    queryFn: () => http.post<StorageUsage[]>('/api/project/storeUsageDataList', { prjCode }),
    enabled,
  });
}
