import type { NoticeItem } from '@pineguard/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { LatestNotices } from './index.ts';

const notice = (id: string, text: string, read: boolean, link = ''): NoticeItem => ({
  id,
  kind: 'recordReturned',
  text,
  link,
  prjCode: 'KH2026',
  createdAt: '2026-11-24T02:00:00Z',
  read,
});

function server(list: NoticeItem[]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/notice/list') return envelopeResponse({ list, total: list.length });
    if (url === '/api/notice/read') {
      const ids = (JSON.parse(String(init?.body)) as { noticeIds: string[] }).noticeIds;
      return envelopeResponse({ changed: ids.length, unread: 0 });
    }
    return envelopeResponse(null, 40400, 'unexpected');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('dashboard latest notices', () => {
  it('lists the newest notices, marks an unread one read and follows its link', async () => {
    const fetchMock = server([
      notice('00000000-0000-4000-8000-000000000001', '记录已退回：照片不清晰', false, '/dataCenter'),
      notice('00000000-0000-4000-8000-000000000002', '导出已完成', true),
    ]);
    signInWith([]);
    renderWithProviders(
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<LatestNotices />} />
          <Route path="/dataCenter" element={<p>数据中心页</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('记录已退回：照片不清晰')).toBeInTheDocument();
    expect(screen.getByText('导出已完成')).toBeInTheDocument();
    const listBody = JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as { pageSize: number };
    expect(listBody.pageSize).toBe(5);

    fireEvent.click(screen.getByText('记录已退回：照片不清晰'));
    expect(await screen.findByText('数据中心页')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/notice/read')).toBe(true));
  });

  it('says there are no notices when the list is empty', async () => {
    server([]);
    signInWith([]);
    renderWithProviders(
      <MemoryRouter>
        <LatestNotices />
      </MemoryRouter>,
    );
    expect(await screen.findByText('暂无消息')).toBeInTheDocument();
  });
});
