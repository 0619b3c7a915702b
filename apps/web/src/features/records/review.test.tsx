import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RecordsPanel } from './components/RecordsPanel.tsx';
import { ReviewDialog } from './components/ReviewDialog.tsx';
import { columnList, row } from './recordFixtures.ts';
import { offeredActions, reasonRequired } from './review.ts';

afterEach(() => vi.unstubAllGlobals());

describe('review reason rule', () => {
  it('send back and reject need a reason, approve does not', () => {
    expect(reasonRequired('approve')).toBe(false);
    expect(reasonRequired('return')).toBe(true);
    expect(reasonRequired('reject')).toBe(true);
    expect(offeredActions(['20'])).toEqual(['return', 'reject']);
    expect(offeredActions(['10', '20'])).toEqual(['approve', 'return', 'reject']);
  });

  it('sending back without a reason posts nothing; with one it posts ids, action and reason', async () => {
    signInWith(['records.review']);
    const fetchMock = vi.fn(async () => envelopeResponse({ changed: 2, ids: ['a', 'b'] }));
    vi.stubGlobal('fetch', fetchMock);
    const ids = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
    renderWithProviders(<ReviewDialog action="return" ids={ids} onClose={() => undefined} />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('review-ok'));
    expect(await screen.findByText('请填写退回或驳回的原因')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox'), '照片不清楚');
    await user.click(screen.getByTestId('review-ok'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/data/examine');
    expect(JSON.parse(String(init.body))).toEqual({ ids, action: 'return', reason: '照片不清楚' });
  });

  it('says a partly done review in one warning, not a success toast beside a warning', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelopeResponse({ changed: 1, ids: ['a'] })),
    );
    const ids = ['00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2'];
    renderWithProviders(<ReviewDialog action="approve" ids={ids} onClose={() => undefined} />);
    await userEvent.setup().click(await screen.findByTestId('review-ok'));
    expect(
      await screen.findByText('已处理 1 条；1 条未变更（当前状态不允许或已是该状态）'),
    ).toBeInTheDocument();
    expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(1);
    expect(document.querySelector('.ant-message-notice-success')).toBeNull();
  });

  it('approving needs no reason', async () => {
    const fetchMock = vi.fn(async () => envelopeResponse({ changed: 1, ids: ['a'] }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <ReviewDialog
        action="approve"
        ids={['00000000-0000-4000-8000-0000000000a1']}
        onClose={() => undefined}
      />,
    );
    await userEvent.setup().click(await screen.findByTestId('review-ok'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      ids: ['00000000-0000-4000-8000-0000000000a1'],
      action: 'approve',
    });
  });
});

describe('select every record of the filter', () => {
  it('offers it once a whole page is selected, then reviews by filter with the confirmed count', async () => {
    signInWith(['records.review', 'records.read']);
    const rows = [
      row({ id: '00000000-0000-4000-8000-0000000000b1' }),
      row({ id: '00000000-0000-4000-8000-0000000000b2' }),
    ];
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/sync/queryDataList')
        return envelopeResponse({ columnList, result: { list: rows, total: 37, totalExact: true } });
      if (url === '/api/data/uploadColumns')
        return envelopeResponse({ tbName: 'gbksdc0101', columnList, sections: [] });
      return envelopeResponse({ changed: 37, ids: [] });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<RecordsPanel prjCode="KH2026" tableCode="gbksdc0101" tableName="枯死松树调查" />);
    const user = userEvent.setup();
    // One row selected: no offer yet.
    // The header's box and one per row, once the page has loaded.
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(3));
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[1]!);
    expect(screen.queryByTestId('select-all-of-filter')).not.toBeInTheDocument();
    // The whole page (header box): the banner offers all 37 of the filter.
    await user.click(boxes[1]!);
    await user.click(boxes[0]!);
    await user.click(await screen.findByTestId('select-all-of-filter'));
    expect(screen.getByTestId('all-of-filter')).toHaveTextContent('37');
    const bar = screen.getByTestId('batch-bar');
    await user.click(within(bar).getByRole('button', { name: /通\s*过/ }));
    expect(
      await screen.findByText(/37/, { selector: '.ant-alert-title, .ant-alert-message' }),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('review-ok'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/data/examine')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/data/examine') as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(String(init.body))).toEqual({
      filter: { prjCode: 'KH2026', prjStandCode: 'gbksdc0101' },
      expected: 37,
      action: 'approve',
    });
  }, 60_000);
});
