import type { AcceptanceCheckInput, AcceptanceDrawInput, AcceptanceItemsInput } from '@pineguard/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLangStore } from '../../locales/index.ts';
import { api, fileNameFrom, saveBlob } from '../../shared/http.ts';
import { useSession } from '../../shared/session.ts';

export const acceptanceKey = ['acceptance'];

export function useSamples(page: { pageNum: number; pageSize: number }, prjCode: string | undefined) {
  return useQuery({
    queryKey: [...acceptanceKey, 'list', prjCode, page],
    queryFn: () => api.value('GET /api/acceptance/list', page),
    placeholderData: keepPreviousData,
    enabled: Boolean(prjCode),
  });
}

export function useSample(id: string | null) {
  return useQuery({
    queryKey: [...acceptanceKey, 'sample', id],
    queryFn: () => api.value('GET /api/acceptance/sample', { id: id! }),
    enabled: Boolean(id),
  });
}

export function useItems(input: AcceptanceItemsInput | null) {
  return useQuery({
    queryKey: [...acceptanceKey, 'items', input],
    queryFn: () => api.value('POST /api/acceptance/items', input!),
    placeholderData: keepPreviousData,
    enabled: Boolean(input),
  });
}

/** The project's sections (a project has a handful): the draw dialog's choices. */
export function useSectionChoices() {
  return useQuery({
    queryKey: [...acceptanceKey, 'sections'],
    queryFn: () => api.value('POST /api/project/prj1BDList', { pageSize: 100 }),
  });
}

export function useDraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptanceDrawInput) => api.value('POST /api/acceptance/draw', input),
    onSuccess: () => client.invalidateQueries({ queryKey: acceptanceKey }),
  });
}

export function useCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptanceCheckInput) => api.value('POST /api/acceptance/check', input),
    onSuccess: () => client.invalidateQueries({ queryKey: acceptanceKey }),
  });
}

/**
 * The county's .xlsx (GET /api/acceptance/export), read as it streams so the screen can show the
 * bytes received (the server streams: no length is known beforehand).
 */
export async function exportSample(id: string, onBytes: (received: number) => void): Promise<void> {
  const headers: Record<string, string> = { lang: useLangStore.getState().lang };
  const token = useSession.getState().token;
  if (token) headers.token = token;
  const response = await fetch(`/api/acceptance/export?id=${encodeURIComponent(id)}`, { headers });
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const envelope = (await response.json()) as { message: string };
    throw new Error(envelope.message);
  }
  const reader = response.body!.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    onBytes(received);
  }
  const blob = new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? '' });
  saveBlob(blob, fileNameFrom(response.headers, 'filename') ?? `acceptance-${id}.xlsx`);
}
