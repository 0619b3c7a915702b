import type { AnomalyCountRow, AnomalyItem } from '@pineguard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RecordAnomalies } from './components/RecordAnomalies.tsx';
import { TagAnomalies } from './components/TagAnomalies.tsx';
import { countByKind } from './components/KindCounts.tsx';
import { evidenceDetail, evidenceText } from './evidence.ts';
import { anomaliesPath, defaultFilters, filtersFromSearch, searchOf } from './filters.ts';
import AnomaliesPage from './pages/AnomaliesPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const names: Record<string, string> = { BD01: '第一标段', BD02: '第二标段' };
const sectionName = (code: string) => names[code] ?? code;

describe('evidence in natural words', () => {
  it('says each kind as a supervisor reads it', () => {
    const zh = (kind: AnomalyItem['kind'], evidence: Record<string, unknown>) =>
      evidenceText(kind, evidence, 'zh-CN', sectionName);
    expect(zh('stump_high', { stumpCm: 8, limitCm: 5 })).toBe('伐桩高 8 cm（限 5 cm）');
    expect(zh('burn_other_section', { code: 'KH-1', felledSection: 'BD01', burnedSection: 'BD02' })).toBe(
      '采伐于第一标段，焚烧于第二标段',
    );
    expect(
      zh('burn_late', {
        code: 'KH-1',
        felledAt: '2026-11-01 09:00:00',
        burnedAt: '2026-11-17',
        days: 16,
        windowDays: 10,
      }),
    ).toBe('采伐后 16 天焚烧（时限 10 天）');
    expect(zh('count_fractional', { field: 'yimushuliang', value: 10.6 })).toBe(
      '疫木数量为 10.6（应为整数）',
    );
    expect(zh('tag_felled_twice', { code: 'KH-1', firstRecordId: 'x', firstAt: '2026-11-20 10:05:33' })).toBe(
      '该二维码已于 2026-11-20 10:05 由另一条采伐记录使用',
    );
    expect(zh('tag_other_project', { code: 'KH-1', issuedTo: 'QZ2026' })).toBe('二维码发放给了项目 QZ2026');
    expect(zh('tag_unknown', { code: 'KH-1' })).toBe('二维码从未发放');
    expect(zh('burn_without_felling', { code: 'KH-1' })).toBe('焚烧记录所列二维码没有采伐记录');
  });

  it('reads 未知 for missing evidence, keeps unknown section codes, and speaks English', () => {
    expect(evidenceText('stump_high', {}, 'zh-CN')).toBe('伐桩高 未知 cm（限 未知 cm）');
    expect(
      evidenceText(
        'burn_other_section',
        { felledSection: 'BD09', burnedSection: 'BD02' },
        'zh-CN',
        sectionName,
      ),
    ).toBe('采伐于BD09，焚烧于第二标段');
    expect(evidenceText('burn_late', { days: 16, windowDays: 10 }, 'en')).toBe(
      'Burned 16 days after felling (window 10 days)',
    );
    expect(evidenceDetail({ felledAt: '2026-11-01 09:00:00', burnedAt: '2026-11-17' }, 'zh-CN')).toBe(
      '采伐 2026-11-01 09:00 · 焚烧 2026-11-17',
    );
    expect(evidenceDetail({ stumpCm: 8 }, 'zh-CN')).toBeUndefined();
  });
});

describe('list filters in the address', () => {
  it('opens on the open anomalies; state=all is every state; bad values are dropped', () => {
    expect(filtersFromSearch('')).toEqual(defaultFilters);
    expect(filtersFromSearch('?state=all')).toEqual({});
    expect(filtersFromSearch('?anomalyKind=nope&state=weird&begin=2026-1-1&end=x')).toEqual({
      state: 'open',
    });
    const f = {
      anomalyKind: 'burn_late',
      sectionCode: 'BD01',
      state: 'explained',
      begin: '2026-11-01',
      end: '2026-11-20',
    } as const;
    expect(filtersFromSearch(searchOf(f))).toEqual(f);
    expect(anomaliesPath('BD01')).toBe('/anomalies?sectionCode=BD01&state=open');
  });

  it('counts per kind in the chosen state and section', () => {
    const row = (
      sectionCode: string,
      kind: AnomalyItem['kind'],
      open: number,
      explained: number,
    ): AnomalyCountRow => ({
      sectionCode,
      kind,
      open,
      explained,
      confirmed: 0,
      cleared: 0,
    });
    const rows = [
      row('BD01', 'stump_high', 3, 1),
      row('BD02', 'stump_high', 2, 0),
      row('BD02', 'burn_late', 1, 4),
    ];
    expect(countByKind(rows, 'open', undefined)).toMatchObject({
      total: 6,
      byKind: { stump_high: 5, burn_late: 1 },
    });
    expect(countByKind(rows, 'explained', 'BD02')).toMatchObject({
      total: 4,
      byKind: { stump_high: 0, burn_late: 4 },
    });
    expect(countByKind(rows, undefined, 'BD01').total).toBe(4);
  });
});

const item = (over: Partial<AnomalyItem> = {}): AnomalyItem => ({
  id: '00000000-0000-4000-8000-00000000a001',
  recordId: '00000000-0000-4000-8000-00000000b001',
  tableCode: 'gbcfcz0101',
  sectionCode: 'BD01',
  day: '2026-11-20',
  kind: 'stump_high',
  tagCode: '',
  otherRecordId: null,
  evidence: { stumpCm: 8, limitCm: 5 },
  state: 'open',
  note: '',
  resolvedBy: null,
  resolvedAt: null,
  createdAt: '2026-11-20 10:00:00',
  ...over,
});

type Call = { url: string; body: Record<string, unknown> | null };

/** A stubbed server: the list and counts, and explain/confirm/reopen answering `resolve`. */
function server(
  list: AnomalyItem[],
  resolve = (_: Call) => envelopeResponse({ changed: 1, ids: [list[0]!.id], rejected: 0 }),
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    const call = {
      url: path,
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
    };
    calls.push(call);
    if (path === '/api/anomaly/list') return envelopeResponse({ list, total: list.length, nextCursor: null });
    if (path === '/api/anomaly/counts')
      return envelopeResponse({
        rows: [
          {
            sectionCode: 'BD01',
            kind: 'stump_high',
            open: list.length,
            explained: 0,
            confirmed: 0,
            cleared: 0,
          },
        ],
        open: list.length,
      });
    if (path === '/api/anomaly/record') return envelopeResponse({ list });
    if (/^\/api\/anomaly\/(explain|confirm|reopen)$/.test(path)) return resolve(call);
    return envelopeResponse(null, 40400, `unexpected ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const page = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/anomalies']}>
      <AnomaliesPage />
    </MemoryRouter>,
  );

describe('疑点核查 page', () => {
  it('lists the open anomalies with their evidence; explaining needs a note and posts it', async () => {
    const a = item();
    const calls = server([
      a,
      item({
        id: '00000000-0000-4000-8000-00000000a002',
        kind: 'burn_late',
        evidence: { days: 16, windowDays: 10 },
      }),
    ]);
    signInWith(['anomalies.read', 'anomalies.explain']);
    page();
    expect(await screen.findByText('伐桩高 8 cm（限 5 cm）')).toBeInTheDocument();
    expect(screen.getByText('采伐后 16 天焚烧（时限 10 天）')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/anomaly/list')?.body).toMatchObject({
      prjCode: 'KH2026',
      state: 'open',
    });
    expect(within(screen.getByTestId('kind-counts')).getByTestId('count-stump_high')).toHaveTextContent('2');

    const user = userEvent.setup();
    const row = screen.getByText('伐桩高 8 cm（限 5 cm）').closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    // Explaining is all this user may do: no 确认 or 重新打开.
    expect(screen.queryByTestId('batch-confirm')).toBeNull();
    await user.click(screen.getByTestId('batch-explain'));
    await user.click(await screen.findByTestId('resolve-ok'));
    expect(await screen.findByText('请填写说明')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/anomaly/explain')).toBe(false);

    await user.click(screen.getByLabelText('说明'));
    await user.paste('二维码贴错，已现场复核');
    await user.click(screen.getByTestId('resolve-ok'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/anomaly/explain')).toBe(true));
    expect(calls.find((c) => c.url === '/api/anomaly/explain')?.body).toEqual({
      prjCode: 'KH2026',
      ids: [a.id],
      note: '二维码贴错，已现场复核',
    });
    expect(await screen.findByText('已处理 1 条疑点')).toBeInTheDocument();
  }, 60_000);

  it('shows the server refusal as a message', async () => {
    server([item()], () => envelopeResponse(null, 40000, '所选疑点当前状态不能执行此操作'));
    signInWith(['anomalies.read', 'anomalies.explain']);
    page();
    const user = userEvent.setup();
    const row = (await screen.findByText('伐桩高 8 cm（限 5 cm）')).closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByTestId('batch-explain'));
    await user.click(await screen.findByLabelText('说明'));
    await user.paste('已复核');
    await user.click(screen.getByTestId('resolve-ok'));
    expect(await screen.findByText('所选疑点当前状态不能执行此操作')).toBeInTheDocument();
  }, 60_000);

  it('a reader without resolving permissions gets no selection and no actions', async () => {
    server([item()]);
    signInWith(['anomalies.read']);
    page();
    await screen.findByText('伐桩高 8 cm（限 5 cm）');
    expect(within(screen.getByTestId('anomaly-table')).queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByTestId('batch-bar')).toBeNull();
  });

  it('confirming can reject the records only for reviewers, and then needs a reason', async () => {
    const a = item({ state: 'explained', note: '补录' });
    const calls = server([a], () => envelopeResponse({ changed: 1, ids: [a.id], rejected: 1 }));
    signInWith(['anomalies.read', 'anomalies.confirm', 'records.review']);
    page();
    const user = userEvent.setup();
    const row = (await screen.findByText('伐桩高 8 cm（限 5 cm）')).closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    expect(screen.queryByTestId('batch-explain')).toBeNull();
    await user.click(screen.getByTestId('batch-confirm'));
    await user.click(await screen.findByTestId('reject-record'));
    await user.click(screen.getByTestId('resolve-ok'));
    expect(await screen.findByText('驳回记录须填写原因')).toBeInTheDocument();
    await user.click(screen.getByLabelText('说明'));
    await user.paste('伐桩过高，返工');
    await user.click(screen.getByTestId('resolve-ok'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/anomaly/confirm')).toBe(true));
    expect(calls.find((c) => c.url === '/api/anomaly/confirm')?.body).toEqual({
      prjCode: 'KH2026',
      ids: [a.id],
      note: '伐桩过高，返工',
      rejectRecord: true,
    });
    expect(await screen.findByText('已处理 1 条疑点，驳回记录 1 条')).toBeInTheDocument();
  }, 60_000);

  it('without records.review, confirming offers no rejection', async () => {
    server([item()]);
    signInWith(['anomalies.read', 'anomalies.confirm']);
    page();
    const user = userEvent.setup();
    const row = (await screen.findByText('伐桩高 8 cm（限 5 cm）')).closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    // Reopening moves explained or confirmed ones only: an open one cannot be.
    expect(screen.getByTestId('batch-reopen')).toBeDisabled();
    await user.click(screen.getByTestId('batch-confirm'));
    await screen.findByTestId('resolve-ok');
    expect(screen.queryByTestId('reject-record')).toBeNull();
  }, 60_000);
});

describe('the record drawer and the scan page', () => {
  it('lists a record’s anomalies with the actions its state and the user allow', async () => {
    const open = item();
    const done = item({
      id: '00000000-0000-4000-8000-00000000a003',
      kind: 'burn_other_section',
      tagCode: 'KH26-0000009',
      evidence: { code: 'KH26-0000009', felledSection: 'BD01', burnedSection: 'BD02' },
      state: 'confirmed',
      note: '已返工',
      resolvedBy: '王监理',
      resolvedAt: '2026-11-21 09:00:00',
    });
    const calls = server([open, done]);
    signInWith(['anomalies.read', 'anomalies.explain']);
    renderWithProviders(<RecordAnomalies recordId={open.recordId} prjCode="KH2026" />);
    const block = await screen.findByTestId('record-anomalies');
    expect(within(block).getByText('伐桩过高')).toBeInTheDocument();
    expect(within(block).getByText('采伐于BD01，焚烧于BD02')).toBeInTheDocument();
    expect(within(block).getByText('王监理 于 2026-11-21 09:00:00 处理')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/anomaly/record')).toBeTruthy();
    expect(within(block).getByTestId(`anomaly-explain-${open.id}`)).toBeInTheDocument();
    // A confirmed one cannot be explained, and this user may not reopen it.
    expect(within(block).queryByTestId(`anomaly-explain-${done.id}`)).toBeNull();
    expect(within(block).queryByTestId(`anomaly-reopen-${done.id}`)).toBeNull();
  });

  it('says nothing to a user who may not read anomalies', () => {
    const calls = server([item()]);
    signInWith(['records.read']);
    renderWithProviders(<RecordAnomalies recordId="00000000-0000-4000-8000-00000000b001" prjCode="KH2026" />);
    expect(screen.queryByTestId('record-anomalies')).toBeNull();
    expect(calls.some((c) => c.url === '/api/anomaly/record')).toBe(false);
  });

  it('shows a scanned tag’s anomalies, and nothing when it has none', () => {
    const { rerender } = renderWithProviders(
      <TagAnomalies
        anomalies={[
          {
            id: 'a',
            recordId: 'r',
            tableCode: 'gbymfs0101',
            sectionCode: 'BD02',
            kind: 'burn_late',
            state: 'open',
            evidence: { days: 16, windowDays: 10, felledAt: '2026-11-01 09:00:00', burnedAt: '2026-11-17' },
            note: '',
            createdAt: '2026-11-17 10:00:00',
          },
        ]}
      />,
    );
    expect(screen.getByText('采伐后 16 天焚烧（时限 10 天）')).toBeInTheDocument();
    expect(screen.getByText('超期焚烧')).toBeInTheDocument();
    rerender(<TagAnomalies anomalies={[]} />);
    expect(screen.queryByTestId('scan-anomalies')).toBeNull();
  });
});
