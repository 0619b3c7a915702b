import type {
  AreaNode,
  MainStore,
  MeasureItem,
  ProjectItem,
  ProjectMember,
  RoleItem,
  SectionItem,
  StandardTableItem,
  StorageUsageItem,
  UserListItem,
} from '@pineguard/contract';
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

export type AreaEntry = MainStore['areaTree'][number];
export type { ProjectMember, StorageUsageItem };
export type ProjectListQuery = {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  areaCode?: string;
  /** true: the archived projects (deleted while empty), which the super administrator may restore. */
  archived?: boolean;
};

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

export function useRestoreProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prjCode: string) => call<ProjectItem>('POST', '/api/project/restore', { data: { prjCode } }),
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

/** Everything the project settings show of the selected project, in one call (spec §3 main-project store). */
export function useMainStore() {
  return useQuery({
    queryKey: [...key, 'mainStore'],
    queryFn: () => http.get<MainStore>('/api/project/mainStore'),
  });
}

export function useProjectTables(prjCode: string, measureCodes: string[]) {
  return useQuery({
    queryKey: [...key, 'tables', prjCode, measureCodes],
    queryFn: () => http.post<StandardTableItem[]>('/api/project/prj1StandCodeList', { prjCode }),
  });
}

export function useSaveSection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SectionBody) => call<SectionItem>('POST', '/api/project/updateBdInfo', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteSection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call<null>('POST', '/api/project/delBdInfo', { data: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

// People of a project: the selected one, or any project for the super administrator.

export type MemberQuery = { prjCode: string; pageNum: number; pageSize: number; keyword?: string };

export function useMembers(query: MemberQuery) {
  return useQuery({
    queryKey: [...key, 'members', query],
    queryFn: () => http.post<{ list: ProjectMember[]; total: number }>('/api/project/prj1UserList', query),
    placeholderData: keepPreviousData,
  });
}

export function useManagers(prjCode: string) {
  return useQuery({
    queryKey: [...key, 'managers', prjCode],
    queryFn: () => http.post<ProjectMember[]>('/api/project/prj1ManagerList', { prjCode }),
  });
}

/** Active accounts not yet in the project, matching the keyword (super administrator). */
export function useCandidates(prjCode: string, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'candidates', prjCode, keyword],
    queryFn: () =>
      http.post<{ list: UserListItem[]; total: number }>('/api/project/userList4Prj1', { prjCode, keyword }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Roles usable in a project (platform roles and the project's own). */
export function useProjectRoles(prjCode: string, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'roles', prjCode],
    queryFn: () => http.get<RoleItem[]>('/api/common/role', { params: { prjCode } }),
    enabled,
  });
}

export function useAddMembers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { prjCode: string; userIds: string[]; roleId: number }) =>
      call<{ count: number }>('POST', '/api/project/addPrj1User', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { prjCode: string; userId: string }) =>
      call<null>('POST', '/api/project/delPrj1User', { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
