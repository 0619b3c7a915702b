import type {
  ColumnDescriptor,
  FileInfo,
  ProjectTreeNode,
  QueryDataListValue,
  RecordDetail,
  RecordRow,
  StandardTableItem,
} from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, http } from '../../shared/http.ts';
import { useSession } from '../../shared/session.ts';
import type { ReviewAction } from './review.ts';

/** Filters of the data list as the spec's client sends them (top-level fields of the body). */
export type RecordFilters = {
  prjCode?: string | undefined;
  prjStandCode: string;
  biaoduan?: string | undefined;
  begin?: string | undefined;
  end?: string | undefined;
  keyWords?: string | undefined;
  codeState?: string | undefined;
  sort: string;
  pageNum: number;
  pageSize: number;
  /** Keyset cursor for the page next to the one shown (server's nextCursor/prevCursor). */
  cursor?: string | undefined;
  /** The recycle view: soft-deleted records. */
  deleted?: boolean | undefined;
};

const recordsKey = ['records'];

/** Drops empty filters so the body carries only what the user chose. */
export function listBody(filters: RecordFilters): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== '' && v !== false),
  );
}

export function useRecordList(filters: RecordFilters, enabled = true) {
  return useQuery({
    queryKey: [...recordsKey, 'list', filters],
    queryFn: () => http.post<QueryDataListValue>('/api/sync/queryDataList', listBody(filters)),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(filters.prjStandCode),
  });
}

export function useRecordDetail(id: string | null) {
  return useQuery({
    queryKey: [...recordsKey, 'detail', id],
    queryFn: () => http.post<{ data: RecordDetail }>('/api/sync/queryDataDetail', { id }).then((v) => v.data),
    enabled: Boolean(id),
  });
}

function useRecordsMutation<B, V>(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => call<V>('POST', url, { data: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: recordsKey }),
  });
}

export type Changed = { changed: number; ids: string[] };

export const useExamine = () =>
  useRecordsMutation<{ ids: string[]; action: ReviewAction; reason?: string }, Changed>('/api/data/examine');
export const useDeleteRecords = () =>
  useRecordsMutation<{ ids: string[]; reason?: string }, Changed>('/api/data/del');
export const useRestoreRecords = () =>
  useRecordsMutation<{ ids: string[]; reason?: string }, Changed>('/api/data/restore');
export const useCorrectRecord = () =>
  useRecordsMutation<{ id: string; fields: Record<string, unknown>; reason?: string }, unknown>(
    '/api/data/update',
  );
export const useUploadData4PC = () =>
  useRecordsMutation<{ tbName: string; data: Record<string, unknown> }, { id: string }>(
    '/api/sync/uploadData4PC',
  );

export type UploadColumns = {
  tbName: string;
  columnList: ColumnDescriptor[];
  sections: { code: string; name: string }[];
};

/** The upload dialog's columns and the project's sections (the section filter and the tree use them too). */
export function useUploadColumns(prjCode: string | undefined, tbName: string | undefined) {
  return useQuery({
    queryKey: [...recordsKey, 'uploadColumns', prjCode, tbName],
    queryFn: () => http.post<UploadColumns>('/api/data/uploadColumns', { prjCode, tbName }),
    enabled: Boolean(prjCode),
    staleTime: 60_000,
  });
}

/** The standard tables a project uses (its prevention measures' tables). */
export function useProjectTables(prjCode: string | undefined) {
  return useQuery({
    queryKey: ['project', 'tables', prjCode],
    queryFn: () => http.post<StandardTableItem[]>('/api/project/prj1StandCodeList', { prjCode }),
    enabled: Boolean(prjCode),
    staleTime: 60_000,
  });
}

/** The user's projects grouped by area (the data centre's tree). */
export function useUserProjectTree() {
  return useQuery({
    queryKey: ['user', 'projectTree'],
    queryFn: () => http.get<ProjectTreeNode[]>('/api/user/userProjectTree'),
    staleTime: 60_000,
  });
}

/** The selected project's code (spec: the main project gates the main area). */
export const useProjectCode = () => useSession((s) => s.project?.code);

/* ---- Tree quantity (ymfs) ---- */

export type YmfsList = {
  columnList?: ColumnDescriptor[];
  result: { list: RecordRow[]; total: number; totalExact?: boolean };
};

export function useYmfsList(filters: RecordFilters) {
  return useQuery({
    queryKey: [...recordsKey, 'ymfs', 'list', filters],
    queryFn: () => http.post<YmfsList>('/api/sync/queryYmfsList', listBody(filters)),
    placeholderData: keepPreviousData,
  });
}

export type YmfsDetail = {
  data: RecordDetail;
  yimushuliang: unknown;
  table_code: string;
  beizhu: string | null;
};

export function useYmfsDetail(id: string | null) {
  return useQuery({
    queryKey: [...recordsKey, 'ymfs', 'detail', id],
    queryFn: () => http.get<YmfsDetail>('/api/sync/queryYmfsDetail', { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}

export const useExamineYmfs = () =>
  useRecordsMutation<{ code_result: number; pid: string; extras?: string }, unknown>('/api/data/examineYmfs');
export const useUpdateYmfs = () =>
  useRecordsMutation<
    {
      id: string;
      projectCode?: string;
      yimushuliang: number;
      tableCode: string;
      beizhu?: string;
      extras?: string;
    },
    unknown
  >('/api/data/updateYmfs');

export function useDeleteYmfs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call<unknown>('DELETE', '/api/data/delYmfs', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: recordsKey }),
  });
}

export function useExamineUsers(prjCode: string | undefined) {
  return useQuery({
    queryKey: [...recordsKey, 'examineUsers', prjCode],
    queryFn: () =>
      http.post<{ id: string; account: string; name: string }[]>('/api/sync/examineUserList', { prjCode }),
    enabled: Boolean(prjCode),
    staleTime: 60_000,
  });
}

/** Where a photo or video of the PC upload goes (the files feature's upload, with progress). */
export const uploadUrl = (kind: 'photo' | 'video') => `/api/file/upload?kind=${kind}`;
export type UploadedFile = FileInfo;
