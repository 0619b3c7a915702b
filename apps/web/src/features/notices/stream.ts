import { type NoticeItem, noticeStreamEvent } from '@pineguard/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLangStore } from '../../locales/index.ts';
import { useSession } from '../../shared/session.ts';
import { noticesKey, unreadKey } from './api.ts';

/** After a lost stream: the first retry comes quickly, later ones every half minute. */
const RETRY_MS = [3_000, 30_000];

/**
 * Reads the unread count the server pushes (`GET /api/notice/stream`, server-sent events) and
 * writes it into the unread query. The stream is read with fetch rather than EventSource so the
 * session token travels in its header, never in a URL. Answers whether the stream is up: while it
 * is not, the caller polls instead.
 */
export function useNoticeStream(onNotice: (notice: NoticeItem) => void): boolean {
  const token = useSession((s) => s.token);
  const lang = useLangStore((s) => s.lang);
  const client = useQueryClient();
  const [live, setLive] = useState(true);
  const onNoticeRef = useRef(onNotice);
  onNoticeRef.current = onNotice;

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    let retry: number | undefined;
    let failures = 0;
    const handle = (block: string) => {
      if (!block.split('\n').includes('event: unread')) return;
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      const parsed = noticeStreamEvent.safeParse(JSON.parse(data));
      if (!parsed.success) return;
      client.setQueryData(unreadKey, parsed.data.unread);
      void client.invalidateQueries({ queryKey: [...noticesKey, 'list'] });
      if (parsed.data.notice) onNoticeRef.current(parsed.data.notice);
    };
    const run = async () => {
      try {
        const res = await fetch('/api/notice/stream', {
          headers: { accept: 'text/event-stream', token, lang },
          signal: controller.signal,
        });
        const type = res.headers.get('content-type') ?? '';
        if (!res.ok || !type.includes('text/event-stream') || !res.body) throw new Error('no stream');
        setLive(true);
        failures = 0;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
            handle(buffer.slice(0, at));
            buffer = buffer.slice(at + 2);
          }
        }
        throw new Error('stream ended');
      } catch {
        if (controller.signal.aborted) return;
        setLive(false);
        retry = window.setTimeout(() => void run(), RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
      }
    };
    void run();
    return () => {
      controller.abort();
      window.clearTimeout(retry);
    };
  }, [token, lang, client]);

  return live;
}
