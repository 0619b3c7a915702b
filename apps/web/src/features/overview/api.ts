import type { ProgressLevel, ProgressMeasure } from '@pineguard/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, download, saveBlob } from '../../shared/http.ts';

const key = ['overview'];

export function useHomeData(scope: 'project' | 'all') {
  return useQuery({
    queryKey: [...key, 'home', scope],
    queryFn: () => api.value('GET /api/home/data', { scope }),
    placeholderData: keepPreviousData,
  });
}

export type ProgressInput = {
  level: ProgressLevel;
  prjCode?: string | undefined;
  sectionCode?: string | undefined;
  type: ProgressMeasure;
};

const clean = (input: ProgressInput) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as ProgressInput;

export function useProgress(input: ProgressInput) {
  return useQuery({
    queryKey: [...key, 'progress', input],
    queryFn: () => api.value('GET /api/process/list', clean(input)),
    placeholderData: keepPreviousData,
  });
}

export async function exportProgress(input: ProgressInput) {
  const { blob, fileName } = await download('GET', '/api/process/export', {
    params: clean(input),
    fileNameHeader: 'filename',
  });
  saveBlob(blob, fileName ?? 'progress.xlsx');
}
