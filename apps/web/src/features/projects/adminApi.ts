import type {
  BoundaryImportQuery,
  BoundaryImportValue,
  EndpointInput,
  MainStore,
  ProjectBodyInput,
  ProjectMember,
  SectionBodyInput,
  StorageUsageItem,
} from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '../../shared/http.ts';
import { usePagedList } from '../../shared/listState.ts';

/** Project administration calls (/projectSys and /projectCenter). */

/** The bodies the forms build: every field filled in (the contract's input with defaults written out). */
export type ProjectBody = Required<ProjectBodyInput>;
export type SectionBody = Required<Omit<SectionBodyInput, 'id'>> & Pick<SectionBodyInput, 'id'>;

export type AreaEntry = MainStore['areaTree'][number];
export type { ProjectMember, StorageUsageItem };
export type ProjectListQuery = EndpointInput<'POST /api/project/list'> & {
  pageNum: number;
  pageSize: number;
};

const key = ['projectAdmin'];

export function useProjectList(query: ProjectListQuery) {
  return usePagedList([...key, 'list'], query, (q) => api.value('POST /api/project/list', q));
}

/** The province → city → county cascader (large and static: kept for the session). */
export function useCountyTree() {
  return useQuery({
    queryKey: ['areas', 'countyTree'],
    queryFn: () => api.value('GET /api/project/listArea4AddPrj1'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMeasures() {
  return useQuery({
    queryKey: ['measures'],
    queryFn: () => api.value('GET /api/project/fzcsList'),
  });
}

export function useSaveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, isNew }: { body: ProjectBody; isNew: boolean }) =>
      api.call(isNew ? 'POST /api/project/add' : 'POST /api/project/addPrj1', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prjCode: string) => api.call('POST /api/project/delete', { prjCode }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRestoreProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (prjCode: string) => api.call('POST /api/project/restore', { prjCode }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useSetMeasures() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<'POST /api/project/setUpType'>) =>
      api.call('POST /api/project/setUpType', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

// The selected project (project settings).

/** Everything the project settings show of the selected project, in one call (spec §3 main-project store). */
export function useMainStore() {
  return useQuery({
    queryKey: [...key, 'mainStore'],
    queryFn: () => api.value('GET /api/project/mainStore'),
  });
}

export function useProjectTables(prjCode: string, measureCodes: string[]) {
  return useQuery({
    queryKey: [...key, 'tables', prjCode, measureCodes],
    queryFn: () => api.value('POST /api/project/prj1StandCodeList', { prjCode }),
  });
}

export function useSaveSection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SectionBody) => api.call('POST /api/project/updateBdInfo', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteSection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('POST /api/project/delBdInfo', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

// People of a project: the selected one, or any project for the super administrator.

export type MemberQuery = EndpointInput<'POST /api/project/prj1UserList'> & {
  prjCode: string;
  pageNum: number;
  pageSize: number;
};

export function useMembers(query: MemberQuery) {
  return useQuery({
    queryKey: [...key, 'members', query],
    queryFn: () => api.value('POST /api/project/prj1UserList', query),
    placeholderData: keepPreviousData,
  });
}

export function useManagers(prjCode: string) {
  return useQuery({
    queryKey: [...key, 'managers', prjCode],
    queryFn: () => api.value('POST /api/project/prj1ManagerList', { prjCode }),
  });
}

/** Active accounts not yet in the project, matching the keyword (super administrator). */
export function useCandidates(prjCode: string, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'candidates', prjCode, keyword],
    queryFn: () => api.value('POST /api/project/userList4Prj1', { prjCode, keyword }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Roles usable in a project (platform roles and the project's own). */
export function useProjectRoles(prjCode: string, enabled: boolean) {
  return useQuery({
    queryKey: [...key, 'roles', prjCode],
    queryFn: () => api.value('GET /api/common/role', { prjCode }),
    enabled,
  });
}

export function useAddMembers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<'POST /api/project/addPrj1User'>) =>
      api.call('POST /api/project/addPrj1User', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<'POST /api/project/delPrj1User'>) =>
      api.call('POST /api/project/delPrj1User', body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

// Section boundaries (issue 15): a shapefile ZIP or GeoJSON, previewed then applied.

export type BoundaryImportInput = BoundaryImportQuery & { file: File };

/** Sends the file: `preview` only reads and checks it, `apply` stores the boundaries. */
export function importBoundary({ file, ...query }: BoundaryImportInput) {
  const form = new FormData();
  form.append('file', file, file.name);
  return call<BoundaryImportValue>('POST', '/api/project/importBdBoundary', {
    data: form,
    params: query,
    silent: true,
    timeoutMs: 60_000,
  });
}

export function useApplyBoundary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BoundaryImportInput) => importBoundary({ ...input, mode: 'apply' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['sectionBoundaries'] });
    },
  });
}

export function useClearBoundary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('POST /api/project/clearBdBoundary', { id }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['sectionBoundaries'] });
    },
  });
}
