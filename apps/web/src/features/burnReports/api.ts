import type { ReportBody, ReportPageBody } from '@pineguard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';

const key = ['burnReports'];

/** The six fire reports of the selected project; `input` (table, report day) is each one's query key. */
export function useYesterdayReport(input: ReportBody) {
  return useQuery({
    queryKey: [...key, 'yesterday', input],
    queryFn: () => api.value('POST /api/summary/fsYesterdayReport', input),
  });
}

export function useSevenDayReport(input: ReportBody) {
  return useQuery({
    queryKey: [...key, 'sevenDays', input],
    queryFn: () => api.value('POST /api/summary/sevenDayReport', input),
  });
}

export function useChartReport(input: ReportBody) {
  return useQuery({
    queryKey: [...key, 'chart', input],
    queryFn: () => api.value('POST /api/summary/fsdChartReport', input),
  });
}

export function useRatioReport(input: ReportBody) {
  return useQuery({
    queryKey: [...key, 'ratio', input],
    queryFn: () => api.value('POST /api/summary/fszpylReport', input),
  });
}

export function useCheckPassList(input: ReportPageBody) {
  return useQuery({
    queryKey: [...key, 'checkPass', input],
    queryFn: () => api.value('POST /api/summary/fsdCheckPassList', input),
    placeholderData: keepPreviousData,
  });
}

export function useCreateReportList(input: ReportPageBody) {
  return useQuery({
    queryKey: [...key, 'created', input],
    queryFn: () => api.value('POST /api/summary/fsdCreateReportList', input),
    placeholderData: keepPreviousData,
  });
}

/** The standard tables the project uses (the report's table choice). */
export function useReportTables(prjCode: string | undefined) {
  return useQuery({
    queryKey: ['project', 'tables', prjCode],
    queryFn: () => api.value('POST /api/project/prj1StandCodeList', { prjCode: prjCode ?? '' }),
    enabled: Boolean(prjCode),
    staleTime: 60_000,
  });
}
