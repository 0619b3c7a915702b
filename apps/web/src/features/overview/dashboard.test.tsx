import type { HomeData } from '@pineguard/contract';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import DashboardPage from './pages/DashboardPage.tsx';

// Charts draw on a canvas jsdom lacks: keep the options they were given instead.
const charts: unknown[] = [];
vi.mock('../../shared/ui/EChart.tsx', () => ({
  EChart: ({ option }: { option: unknown }) => {
    charts.push(option);
    return null;
  },
}));

const wood = { burnedTons: 201.2, burnedM3: 12.5 };
const period = { found: 57, felled: 40, burned: 32, ...wood };
const home: HomeData = {
  scope: 'project',
  projects: [{ prjCode: 'KH2026', name: '开化县项目' }],
  day: '2026-11-26',
  cards: {
    found: 57057,
    felled: 580,
    burned: 32,
    ...wood,
    stumpsTreated: 500,
    planned: 0,
    progress: null,
    workersApproved: 12,
    workersOnDuty: 3,
    pendingReview: 4,
  },
  periods: { today: period, week: period, season: period },
  trend: [{ day: '2026-11-26', felled: 40, burned: 32, ...wood }],
  sections: [],
  lastDay: {
    day: '2026-11-26',
    sections: [
      {
        prjCode: 'KH2026',
        sectionCode: 'KH-BD01',
        sectionName: '第一标段',
        found: 5,
        felled: 4,
        burned: 3,
        burnedTons: 1.5,
        burnedM3: 0,
        records: 9,
      },
    ],
  },
  backlog: [],
  anomalies: {
    open: 7,
    sections: [
      { prjCode: 'KH2026', sectionCode: 'KH-BD02', sectionName: '第二标段（马金镇、村头镇）', open: 5 },
      { prjCode: 'KH2026', sectionCode: 'KH-BD01', sectionName: '第一标段', open: 2 },
    ],
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  charts.length = 0;
});

describe('dashboard figures per unit', () => {
  it('shows burned trees whole with tons and m³ apart, never added', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/home/data') ? envelopeResponse(home) : envelopeResponse({ list: [], total: 0 }),
      ),
    );
    signInWith(['dashboard.read']);
    renderWithProviders(
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>,
    );
    const burned = await screen.findByTestId('card-burned');
    expect(burned.querySelector('.ant-statistic-content-value')?.textContent).toBe('32');
    expect(within(burned).getByTestId('card-burned-note').textContent).toBe('201.2 吨 · 12.5 立方米');
    // The figure and its unit stay on one line.
    expect((burned.querySelector('.ant-statistic')?.parentElement as HTMLElement).style.whiteSpace).toBe(
      'nowrap',
    );
    expect(screen.getByTestId('card-found').querySelector('.ant-statistic-content-value')?.textContent).toBe(
      '57,057',
    );
    // Open anomalies, most first by section, the card leading to the 疑点 list.
    const open = screen.getByTestId('card-anomalies');
    expect(open.querySelector('.ant-statistic-content-value')?.textContent).toBe('7');
    expect(within(open).getByTestId('card-anomalies-note').textContent).toBe('第二标段 5 · 第一标段 2');
    expect(within(open).getByRole('link', { name: '待核查疑点' }).getAttribute('href')).toBe(
      '/anomalies?state=open',
    );
    // Periods and the last day: "32 株 · 201.2 吨 · 12.5 立方米", one figure per unit.
    expect(screen.getAllByText('32 株 · 201.2 吨 · 12.5 立方米')).toHaveLength(3);
    expect(screen.getByText('3 株 · 1.5 吨')).toBeInTheDocument();
    // The trend draws tons and m³ on their own axis, not the trees'.
    const trend = charts.at(-1) as { yAxis: unknown[]; series: { name: string; yAxisIndex?: number }[] };
    expect(trend.yAxis).toHaveLength(2);
    expect(trend.series.filter((s) => s.yAxisIndex === 1).map((s) => s.name)).toEqual([
      '焚烧（吨）',
      '焚烧（立方米）',
    ]);
  });
});
