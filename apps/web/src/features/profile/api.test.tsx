import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { envelopeResponse } from '../../test/fixtures.ts';
import { useEditSelfInfo } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

it('a profile change makes the user lists fetch again (they show the old name otherwise)', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelopeResponse({ name: '新名字' }, 0, '保存成功')),
  );
  const client = new QueryClient();
  client.setQueryData(['users', 'list', { pageNum: 1 }], { list: [{ name: '旧名字' }], total: 1 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useEditSelfInfo(), { wrapper });
  await act(() => result.current.mutateAsync({ name: '新名字' } as never));
  expect(client.getQueryState(['users', 'list', { pageNum: 1 }])?.isInvalidated).toBe(true);
});
