import { emptyReconcileFigures, type ReconcileFigures, type ReconcileValue } from '@pineguard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { figureText, ReconcileTable } from './components/ReconcileTable.tsx';
import { dataCenterPath, figurePath } from './drill.ts';
import ReconcilePage from './pages/ReconcilePage.tsx';
import { buildRows } from './rows.ts';

afterEach(() => vi.unstubAllGlobals());

const figures = (over: Partial<ReconcileFigures> = {}): ReconcileFigures => ({
  ...emptyReconcileFigures(),
  ...over,
});

const drill = (code: string) => ({
  felling: {
    prjCode: 'KH2026',
    prjStandCode: 'gbcfcz0101',
    biaoduan: code,
    begin: '2026-03-01',
    end: '2026-11-26',
  },
  burning: {
    prjCode: 'KH2026',
    prjStandCode: 'gbymfs0101',
    biaoduan: code,
    begin: '2026-03-01',
    end: '2026-11-26',
  },
});

/** Two sections: BD01 balanced, BD02 red (trees overdue), two days of BD02 out of order. */
const value: ReconcileValue = {
  projectCode: 'KH2026',
  begin: '2026-03-01',
  end: '2026-11-26',
  windowDays: 10,
  tables: { felling: 'gbcfcz0101', burning: 'gbymfs0101' },
  sections: [
    {
      sectionCode: 'BD01',
      sectionName: '第一标段',
      opening: 0,
      figures: figures({
        felled: 1200,
        treated: 1190,
        tagsFelled: 1200,
        burnedTrees: 1200,
        tagsBurned: 1198,
        tons: 12.345,
      }),
      balance: 0,
      overdue: 0,
      red: false,
      reasons: [],
      dayCount: 0,
      openAnomalies: 0,
      anomaliesByKind: {},
      drill: drill('BD01'),
    },
    {
      sectionCode: 'BD02',
      sectionName: '第二标段',
      opening: 5,
      figures: figures({
        felled: 40,
        treated: 38,
        tagsFelled: 40,
        burnedTrees: 20,
        tagsBurned: 20,
        m3: 3.5,
        gapTrees: 20,
      }),
      balance: 25,
      overdue: 12,
      red: true,
      reasons: ['overdue'],
      dayCount: 2,
      openAnomalies: 3,
      anomaliesByKind: { burn_late: 2, stump_high: 1 },
      drill: drill('BD02'),
    },
  ],
  days: [
    {
      sectionCode: 'BD02',
      day: '2026-11-02',
      figures: figures({ burnedTrees: 20, m3: 3.5 }),
      balance: 25,
      overdue: 12,
      red: true,
      reasons: ['overdue'],
    },
    {
      sectionCode: 'BD02',
      day: '2026-10-01',
      figures: figures({ felled: 40, treated: 38, tagsFelled: 40 }),
      balance: 45,
      overdue: 0,
      red: false,
      reasons: [],
    },
  ],
  totals: {
    opening: 5,
    figures: figures({
      felled: 1240,
      treated: 1228,
      tagsFelled: 1240,
      burnedTrees: 1220,
      tagsBurned: 1218,
      tons: 12.345,
      m3: 3.5,
      gapTrees: 20,
    }),
    balance: 25,
    overdue: 12,
    red: true,
    reasons: ['overdue'],
    openAnomalies: 3,
    anomaliesByKind: { burn_late: 2, stump_high: 1 },
  },
};

describe('rows and figures', () => {
  it('a row per section with its days beneath in order; the totals line; one section when chosen', () => {
    const { rows, total } = buildRows(value);
    expect(rows.map((r) => r.label)).toEqual(['第一标段', '第二标段']);
    expect(rows[0]!.children).toBeUndefined();
    expect(rows[1]!.children!.map((d) => [d.label, d.begin, d.end, d.opening, d.openAnomalies])).toEqual([
      ['2026-10-01', '2026-10-01', '2026-10-01', null, null],
      ['2026-11-02', '2026-11-02', '2026-11-02', null, null],
    ]);
    expect(total).toMatchObject({ level: 'total', sectionCode: undefined, balance: 25, red: true });
    const one = buildRows(value, 'BD02');
    expect(one.rows.map((r) => r.key)).toEqual(['BD02']);
    expect(one.total).toMatchObject({ level: 'total', sectionCode: 'BD02', opening: 5, openAnomalies: 3 });
    expect(one.total.children).toBeUndefined();
    expect(buildRows(value, 'BD09').total.figures.felled).toBe(0);
    // Days not loaded yet: the section can still be expanded (which loads them), BD01 has none.
    const unloaded = buildRows(value, undefined, []);
    expect(unloaded.rows.map((r) => r.children)).toEqual([undefined, []]);
  });

  it('trees are whole numbers; tons and m³ say their unit', () => {
    expect(figureText(1240)).toBe('1,240');
    expect(figureText(12.345, '吨')).toBe('12.35 吨');
    expect(figureText(3.5, '立方米')).toBe('3.5 立方米');
  });

  it('a figure drills to its table’s records of that section and days', () => {
    const at = { prjCode: 'KH2026', sectionCode: 'BD02', begin: '2026-11-02', end: '2026-11-02' };
    expect(figurePath('felled', at)).toBe(
      '/dataCenter?prjCode=KH2026&prjStandCode=gbcfcz0101&biaoduan=BD02&begin=2026-11-02&end=2026-11-02',
    );
    expect(figurePath('tons', { ...at, sectionCode: undefined })).toBe(
      '/dataCenter?prjCode=KH2026&prjStandCode=gbymfs0101&begin=2026-11-02&end=2026-11-02',
    );
    // The server's own drill filter reads the same way.
    expect(dataCenterPath(value.sections[1]!.drill.burning)).toBe(
      '/dataCenter?prjCode=KH2026&prjStandCode=gbymfs0101&biaoduan=BD02&begin=2026-03-01&end=2026-11-26',
    );
  });
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function table(permissions: string[], expanded: string[] = []) {
  signInWith(permissions);
  const { rows, total } = buildRows(value);
  return renderWithProviders(
    <MemoryRouter initialEntries={['/reconcile']}>
      <Routes>
        <Route
          path="/reconcile"
          element={
            <ReconcileTable
              prjCode="KH2026"
              rows={rows}
              total={total}
              loading={false}
              canDrill={permissions.includes('records.read')}
              canAnomalies={permissions.includes('anomalies.read')}
              expanded={expanded}
              onExpand={() => undefined}
            />
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('核对 table', () => {
  it('marks red rows and says why in a tooltip', async () => {
    table(['records.read', 'anomalies.read']);
    expect(screen.getByTestId('row-BD01')).toHaveAttribute('data-red', 'false');
    expect(screen.getByTestId('row-BD02')).toHaveAttribute('data-red', 'true');
    expect(screen.getByTestId('row-total')).toHaveAttribute('data-red', 'true');
    expect(screen.queryByTestId('red-BD01')).toBeNull();
    await userEvent.setup().hover(screen.getByTestId('red-BD02'));
    expect(await screen.findByText('有超过焚烧时限仍未焚烧的疫木')).toBeInTheDocument();
    expect(screen.getByText('超期未焚烧 12 株')).toBeInTheDocument();
  });

  it('shows trees, tons and m³ apart, and links each figure to its records', () => {
    table(['records.read', 'anomalies.read']);
    const bd01 = screen.getByTestId('row-BD01');
    expect(within(bd01).getByTestId('fig-BD01-felled')).toHaveTextContent('1,200');
    expect(within(bd01).getByTestId('fig-BD01-felled')).toHaveAttribute(
      'href',
      '/dataCenter?prjCode=KH2026&prjStandCode=gbcfcz0101&biaoduan=BD01&begin=2026-03-01&end=2026-11-26',
    );
    expect(within(bd01).getByTestId('fig-BD01-tons')).toHaveTextContent('12.35 吨');
    expect(within(bd01).getByTestId('fig-BD01-tons').getAttribute('href')).toContain(
      'prjStandCode=gbymfs0101',
    );
    // Nothing behind a zero, and a difference stands on no one table: plain text.
    expect(within(bd01).queryByTestId('fig-BD01-m3')).toBeNull();
    expect(within(screen.getByTestId('row-BD02')).queryByTestId('fig-BD02-gapTrees')).toBeNull();
    // Open anomalies go to the 疑点 list of that section; the totals line to every section's.
    expect(screen.getByTestId('anomalies-BD02')).toHaveAttribute(
      'href',
      '/anomalies?sectionCode=BD02&state=open',
    );
    expect(screen.getByTestId('anomalies-total')).toHaveAttribute('href', '/anomalies?state=open');
    expect(screen.getByTestId('fig-total-felled')).toHaveAttribute(
      'href',
      '/dataCenter?prjCode=KH2026&prjStandCode=gbcfcz0101&begin=2026-03-01&end=2026-11-26',
    );
  });

  it('a day row drills to that day, and following a link opens 数据中心 there', async () => {
    table(['records.read'], ['BD02']);
    const day = screen.getByTestId('row-BD02|2026-11-02');
    expect(day).toHaveAttribute('data-red', 'true');
    const link = within(day).getByTestId('fig-BD02|2026-11-02-burnedTrees');
    expect(link).toHaveAttribute(
      'href',
      '/dataCenter?prjCode=KH2026&prjStandCode=gbymfs0101&biaoduan=BD02&begin=2026-11-02&end=2026-11-02',
    );
    await userEvent.setup().click(link);
    expect(await screen.findByTestId('where')).toHaveTextContent(
      '/dataCenter?prjCode=KH2026&prjStandCode=gbymfs0101&biaoduan=BD02&begin=2026-11-02&end=2026-11-02',
    );
  });

  it('without records.read or anomalies.read the figures are plain', () => {
    table([]);
    expect(screen.queryByTestId('fig-BD01-felled')).toBeNull();
    expect(screen.queryByTestId('anomalies-BD02')).toBeNull();
    expect(within(screen.getByTestId('row-BD01')).getAllByText('1,200')).toHaveLength(3);
  });
});

describe('核对 page', () => {
  it('loads a section’s days when it is expanded, and only that section’s', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url.startsWith('/api/reconcile/summary'))
          return envelopeResponse(url.includes('withDays=true') ? value : { ...value, days: [] });
        if (url.startsWith('/api/drone/tasks')) return envelopeResponse({ list: [], total: 0 });
        return envelopeResponse(null, 40400, 'unexpected');
      }),
    );
    signInWith(['reconciliation.read', 'records.read', 'anomalies.read']);
    renderWithProviders(
      <MemoryRouter initialEntries={['/reconcile']}>
        <ReconcilePage />
      </MemoryRouter>,
    );
    const row = await screen.findByTestId('row-BD02');
    expect(screen.queryByTestId('row-BD02|2026-11-02')).toBeNull();
    expect(within(screen.getByTestId('row-BD01')).queryByRole('button', { name: /展开/ })).toBeNull();
    await userEvent.setup().click(within(row).getByRole('button', { name: /展开/ }));
    expect(await screen.findByTestId('row-BD02|2026-11-02')).toBeInTheDocument();
    expect(urls.filter((u) => !u.startsWith('/api/drone/'))).toEqual([
      '/api/reconcile/summary?prjCode=KH2026',
      '/api/reconcile/summary?prjCode=KH2026&sectionCode=BD02&withDays=true',
    ]);
    // The drone tasks overdue notice asks once, and shows nothing when there are none.
    expect(urls.filter((u) => u.startsWith('/api/drone/tasks'))).toHaveLength(1);
    expect(screen.queryByTestId('drone-overdue')).toBeNull();
  }, 40_000);

  it('asks for the season, narrows to a section here, and exports the same filter', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        if (url.startsWith('/api/reconcile/summary')) return envelopeResponse(value);
        if (url.startsWith('/api/drone/tasks')) return envelopeResponse({ list: [], total: 3 });
        if (url.startsWith('/api/reconcile/export'))
          return new Response('xlsx', {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': "attachment; filename*=UTF-8''reconcile.xlsx",
            },
          });
        return envelopeResponse(null, 40400, 'unexpected');
      }),
    );
    const created = vi.fn(() => 'blob:x');
    // jsdom has no object URLs (saveBlob hands the file to the browser through one).
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: () => undefined });
    signInWith(['reconciliation.read', 'records.read', 'anomalies.read']);
    renderWithProviders(
      <MemoryRouter initialEntries={['/reconcile']}>
        <ReconcilePage />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('row-BD02')).toBeInTheDocument();
    expect(urls.find((u) => u.startsWith('/api/reconcile/'))).toBe('/api/reconcile/summary?prjCode=KH2026');
    // Three drone tasks open past the window: flagged here, linked to the drone screen.
    expect(await screen.findByTestId('drone-overdue')).toHaveTextContent('3');
    expect(screen.getByTestId('reconcile-range')).toHaveTextContent(
      '2026-03-01 至 2026-11-26（本季） · 焚烧时限 10 天',
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: '全部标段' }));
    await user.click(await screen.findByTitle('第二标段'));
    await waitFor(() => expect(screen.queryByTestId('row-BD01')).toBeNull());
    expect(screen.getByTestId('row-BD02')).toBeInTheDocument();
    // The totals line is the chosen section's.
    expect(within(screen.getByTestId('row-total')).getByTestId('anomalies-total')).toHaveAttribute(
      'href',
      '/anomalies?sectionCode=BD02&state=open',
    );
    expect(urls.filter((u) => u.startsWith('/api/reconcile/summary'))).toHaveLength(1);

    await user.click(screen.getByTestId('reconcile-export'));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(urls.find((u) => u.startsWith('/api/reconcile/export'))).toBe(
      '/api/reconcile/export?prjCode=KH2026&sectionCode=BD02',
    );
    expect(await screen.findByText('已导出')).toBeInTheDocument();
  }, 40_000);
});
