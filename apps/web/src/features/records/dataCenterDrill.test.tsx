import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import DataCenterPage from './pages/DataCenterPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const table = (code: string, name: string) => ({
  code,
  name,
  description: '',
  builtIn: true,
  retired: false,
  columns: [],
});

describe('数据中心 opened from a figure of 数据核对', () => {
  it('opens that table and section and lists the figure’s days', async () => {
    const lists: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const path = url.split('?')[0];
        if (path === '/api/user/userProjectTree')
          return envelopeResponse([{ value: 'KH2026', label: '开化县项目', type: 'project' }]);
        if (path === '/api/project/prj1StandCodeList')
          return envelopeResponse([table('gbcfcz0101', '疫木采伐除治'), table('gbymfs0101', '疫木焚烧')]);
        if (path === '/api/data/uploadColumns')
          return envelopeResponse({
            tbName: '',
            columnList: [],
            sections: [
              { code: 'BD01', name: '第一标段' },
              { code: 'BD02', name: '第二标段' },
            ],
          });
        if (path === '/api/data/tableSummary') return envelopeResponse([]);
        if (path === '/api/sync/queryDataList') {
          lists.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
          return envelopeResponse({ columnList: [], result: { list: [], total: 0, totalExact: true } });
        }
        return envelopeResponse(null, 40400, `unexpected ${path}`);
      }),
    );
    signInWith(['records.read']);
    renderWithProviders(
      <MemoryRouter
        initialEntries={[
          '/dataCenter?prjCode=KH2026&prjStandCode=gbymfs0101&biaoduan=BD02&begin=2026-11-02&end=2026-11-02',
        ]}
      >
        <DataCenterPage />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(lists.at(-1)).toMatchObject({
        prjCode: 'KH2026',
        prjStandCode: 'gbymfs0101',
        biaoduan: 'BD02',
        begin: '2026-11-02',
        end: '2026-11-02',
      }),
    );
    expect(screen.getByRole('tab', { name: '疫木焚烧', selected: true })).toBeInTheDocument();
    expect(lists.every((b) => b.prjStandCode === 'gbymfs0101')).toBe(true);
  }, 40_000);
});
