import type { RatioValue, SevenDayItem, YesterdayValue } from '@pineguard/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import FireReportPage from './pages/FireReportPage.tsx';

vi.mock('../../shared/ui/EChart.tsx', () => ({ EChart: () => null }));

const yesterday: YesterdayValue = {
  day: '2026-11-25',
  list: [
    {
      name: '华埠镇疫木焚烧炉',
      pointState: 'approved',
      burns: 3,
      passed: 1,
      trees: 32,
      tons: 201.2,
      m3: 0,
      quantities: [
        { unit: '吨', quantity: 201.2 },
        { unit: '株', quantity: 32 },
      ],
    },
  ],
  total: {
    burns: 3,
    passed: 1,
    trees: 32,
    tons: 201.2,
    m3: 0,
    quantities: [
      { unit: '吨', quantity: 201.2 },
      { unit: '株', quantity: 32 },
    ],
  },
};
const seven: SevenDayItem[] = [{ day: '2026-11-25', burns: 3, passed: 1, trees: 32, tons: 201.2, m3: 12.5 }];
const ratio: RatioValue = {
  list: [
    {
      sectionCode: 'S1',
      sectionName: '第一标段',
      felled: 40,
      burned: 32,
      burnedTons: 201.2,
      burnedM3: 0,
      ratio: 80,
    },
  ],
  total: {
    sectionCode: '',
    sectionName: '合计',
    felled: 40,
    burned: 32,
    burnedTons: 201.2,
    burnedM3: 0,
    ratio: 80,
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('fire reports per unit', () => {
  it('gives each unit its column and its total, never one sum of tons and trees', async () => {
    const answers: Record<string, unknown> = {
      '/api/summary/fsYesterdayReport': yesterday,
      '/api/summary/sevenDayReport': { list: seven },
      '/api/summary/fsdChartReport': { days: [], list: [] },
      '/api/summary/fszpylReport': ratio,
      '/api/summary/fsdCheckPassList': { list: [], total: 0 },
      '/api/summary/fsdCreateReportList': { list: [], total: 0 },
      '/api/project/prj1StandCodeList': [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => envelopeResponse(answers[url.split('?')[0]!] ?? null)),
    );
    signInWith(['burnReports.read']);
    renderWithProviders(
      <MemoryRouter>
        <FireReportPage />
      </MemoryRouter>,
    );
    const day = await screen.findByTestId('report-yesterday');
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((c) => c.textContent);
    const point = await within(day).findByRole('row', { name: /华埠镇疫木焚烧炉/ });
    expect(cells(point).slice(1)).toEqual(['3', '1', '32', '201.2', '0']);
    const headers = [...day.querySelectorAll('th')].map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['焚烧数量', '株', '吨', '立方米']));
    const total = day.querySelector('.ant-table-summary tr') as HTMLElement;
    expect(cells(total)).toEqual(['合计', '3', '1', '32', '201.2', '0']);
    expect(day.textContent).not.toContain('201.2 吨，');

    const week = screen.getByTestId('report-seven');
    const row = await within(week).findByRole('row', { name: /2026-11-25/ });
    expect(cells(row)).toEqual(['2026-11-25', '3', '1', '32', '201.2', '12.5']);

    const ratioTable = screen.getByTestId('report-ratio');
    const sum = ratioTable.querySelector('.ant-table-summary tr') as HTMLElement;
    expect(cells(sum)).toEqual(['合计', '40', '32', '80%', '201.2', '0']);
  });
});
