import type { NoticeKind } from '@pineguard/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/http.ts';
import { usePagedList } from '../../shared/listState.ts';

export const noticesKey = ['notices'];
export const unreadKey = [...noticesKey, 'unread'];

export type NoticeListInput = {
  pageNum: number;
  pageSize: number;
  noticeKind?: NoticeKind | undefined;
  unread?: boolean | undefined;
};

export function useNotices(input: NoticeListInput) {
  return usePagedList([...noticesKey, 'list'], input, (p) => api.value('POST /api/notice/list', p));
}

/**
 * The unread count. The event stream writes it into this query; `pollMs` (set while the stream
 * is down) makes it poll instead.
 */
export function useUnreadCount(pollMs: number | false) {
  return useQuery({
    queryKey: unreadKey,
    queryFn: async () => (await api.value('GET /api/notice/unreadCount', undefined, { silent: true })).unread,
    refetchInterval: pollMs,
    staleTime: 10_000,
  });
}

function useAfterRead() {
  const client = useQueryClient();
  return (value: { unread: number }) => {
    client.setQueryData(unreadKey, value.unread);
    void client.invalidateQueries({ queryKey: [...noticesKey, 'list'] });
  };
}

export function useMarkRead() {
  const after = useAfterRead();
  return useMutation({
    mutationFn: (noticeIds: string[]) => api.value('POST /api/notice/read', { noticeIds }),
    onSuccess: after,
  });
}

export function useMarkAllRead() {
  const after = useAfterRead();
  return useMutation({
    mutationFn: () => api.call('POST /api/notice/readAll'),
    onSuccess: (r) => after(r.value),
  });
}

export function useSendNotice() {
  return useMutation({
    mutationFn: (body: { text: string; link?: string }) => api.call('POST /api/notice/send', body),
  });
}
