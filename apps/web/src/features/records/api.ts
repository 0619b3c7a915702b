import type { EndpointInput, EndpointKey, EndpointValue, FileInfo } from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../shared/http.ts';
import { useSession } from '../../shared/session.ts';
import { sectionNamer } from './format.ts';

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
export function listBody(filters: RecordFilters): EndpointInput<'POST /api/sync/queryDataList'> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined && v !== '' && v !== false),
  ) as EndpointInput<'POST /api/sync/queryDataList'>;
}

export function useRecordList(filters: RecordFilters, enabled = true) {
  return useQuery({
    queryKey: [...recordsKey, 'list', filters],
    queryFn: () => api.value('POST /api/sync/queryDataList', listBody(filters)),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(filters.prjStandCode),
  });
}

export function useRecordDetail(id: string | null) {
  return useQuery({
    queryKey: [...recordsKey, 'detail', id],
    queryFn: () => api.value('POST /api/sync/queryDataDetail', { id: id ?? '' }).then((v) => v.data),
    enabled: Boolean(id),
  });
}

/** A records write through the typed endpoint map; every records query refreshes after it. */
function useRecordsMutation<K extends EndpointKey>(key: K) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<K>) =>
      (api.call as (k: K, i: EndpointInput<K>) => Promise<{ value: EndpointValue<K>; message: string }>)(
        key,
        input,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: recordsKey }),
  });
}

export type Changed = EndpointValue<'POST /api/data/examine'>;

export const useExamine = () => useRecordsMutation('POST /api/data/examine');
export const useDeleteRecords = () => useRecordsMutation('POST /api/data/del');
export const useRestoreRecords = () => useRecordsMutation('POST /api/data/restore');
export const useCorrectRecord = () => useRecordsMutation('POST /api/data/update');
export const useUploadData4PC = () => useRecordsMutation('POST /api/sync/uploadData4PC');

export type UploadColumns = EndpointValue<'POST /api/data/uploadColumns'>;

/** The upload dialog's columns and the project's sections (the section filter and the tree use them too). */
export function useUploadColumns(prjCode: string | undefined, tbName: string | undefined) {
  return useQuery({
    queryKey: [...recordsKey, 'uploadColumns', prjCode, tbName],
    queryFn: () => api.value('POST /api/data/uploadColumns', { prjCode, tbName }),
    enabled: Boolean(prjCode),
    staleTime: 60_000,
  });
}

/**
 * A project's section code → name (第一标段), the code where unknown (issue 29). Asks nothing
 * without a project: the codes are shown then.
 */
export function useSectionNames(prjCode: string | undefined): (code: string) => string {
  const sections = useUploadColumns(prjCode, undefined).data?.sections;
  return useMemo(() => sectionNamer(sections), [sections]);
}

/** The standard tables a project uses (its prevention measures' tables). */
export function useProjectTables(prjCode: string | undefined) {
  return useQuery({
    queryKey: ['project', 'tables', prjCode],
    queryFn: () => api.value('POST /api/project/prj1StandCodeList', { prjCode: prjCode ?? '' }),
    enabled: Boolean(prjCode),
    staleTime: 60_000,
  });
}

/** The user's projects grouped by area (the data centre's tree). */
export function useUserProjectTree() {
  return useQuery({
    queryKey: ['user', 'projectTree'],
    queryFn: () => api.value('GET /api/user/userProjectTree'),
    staleTime: 60_000,
  });
}

/** The selected project's code (spec: the main project gates the main area). */
export const useProjectCode = () => useSession((s) => s.project?.code);

/* ---- Tree quantity (ymfs) ---- */

export type YmfsList = EndpointValue<'POST /api/sync/queryYmfsList'>;

export function useYmfsList(filters: RecordFilters) {
  return useQuery({
    queryKey: [...recordsKey, 'ymfs', 'list', filters],
    queryFn: () => api.value('POST /api/sync/queryYmfsList', listBody(filters)),
    placeholderData: keepPreviousData,
  });
}

export type YmfsDetail = EndpointValue<'GET /api/sync/queryYmfsDetail'>;

export function useYmfsDetail(id: string | null) {
  return useQuery({
    queryKey: [...recordsKey, 'ymfs', 'detail', id],
    queryFn: () => api.value('GET /api/sync/queryYmfsDetail', { id: id ?? '' }),
    enabled: Boolean(id),
  });
}

export const useExamineYmfs = () => useRecordsMutation('POST /api/data/examineYmfs');
export const useUpdateYmfs = () => useRecordsMutation('POST /api/data/updateYmfs');

export function useDeleteYmfs() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call('DELETE /api/data/delYmfs', { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: recordsKey }),
  });
}

export function useExamineUsers(prjCode: string | undefined) {
  return useQuery({
    queryKey: [...recordsKey, 'examineUsers', prjCode],
    queryFn: () => api.value('POST /api/sync/examineUserList', { prjCode }),
    enabled: Boolean(prjCode),
    staleTime: 60_000,
  });
}

export type UploadedFile = FileInfo;

/** The data centre's overview of a project's standard tables (records by state, last day). */
export function useTableSummary(prjCode: string | undefined) {
  return useQuery({
    queryKey: ['records', 'tableSummary', prjCode],
    queryFn: () => api.value('GET /api/data/tableSummary', { prjCode: prjCode ?? '' }),
    enabled: Boolean(prjCode),
  });
}
