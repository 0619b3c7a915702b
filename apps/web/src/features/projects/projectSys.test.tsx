import type { ProjectItem } from '@pineguard/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ProjectSysPage from './pages/ProjectSysPage.tsx';

const item = (code: string, name: string, archivedAt: string | null): ProjectItem => ({
  code,
  name,
  areaCode: '330127',
  areaPath: '浙江省 / 杭州市 / 淳安县',
  year: 2026,
  ownerUnit: '',
  description: '',
  startDate: null,
  endDate: null,
  sectionCount: 0,
  memberCount: 0,
  burnWindowDays: 10,
  measureCodes: [],
  createdAt: '2026-01-01T00:00:00Z',
  archivedAt,
});

function server() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (url === '/api/project/list') {
      return envelopeResponse(
        body.archived
          ? { list: [item('AR2026', '归档测试项目', '2026-11-20T02:00:00Z')], total: 1 }
          : { list: [item('KH2026', '开化县项目', null)], total: 1 },
      );
    }
    if (url.startsWith('/api/project/restore'))
      return envelopeResponse(item('AR2026', '归档测试项目', null), 0, '项目已恢复');
    if (url.startsWith('/api/project/listArea4AddPrj1') || url.startsWith('/api/project/fzcsList'))
      return envelopeResponse([]);
    return envelopeResponse(null, 40400, 'unexpected');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('/projectSys archived projects', () => {
  it('lists archived projects on their own tab and restores one', async () => {
    const fetchMock = server();
    signInWith([], true);
    renderWithProviders(
      <MemoryRouter>
        <ProjectSysPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('开化县项目')).toBeInTheDocument();
    fireEvent.click(screen.getByText('已归档'));
    expect(await screen.findByText('归档测试项目')).toBeInTheDocument();
    expect(screen.queryByText('编辑')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^恢\s?复$/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s?定/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/project/restore'))).toBe(true),
    );
    const restoreCall = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/project/restore'))!;
    expect(JSON.parse(String(restoreCall[1]?.body))).toEqual({ prjCode: 'AR2026' });
    expect(await screen.findByText('项目已恢复')).toBeInTheDocument();
    // A whole antd table page in jsdom is slow on a busy 2-core machine.
  }, 60_000);
});
