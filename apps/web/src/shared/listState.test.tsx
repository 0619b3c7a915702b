import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { Activity, useState } from 'react';
import { expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { cleanFilters, useListState, usePagedList } from './listState.ts';

it('a search trims text, drops blanks and starts at page 1; reset goes back to the initial filters', () => {
  const { result } = renderHook(() => useListState<{ keyword?: string; status?: string }>({}, 10));
  act(() => result.current.setPage(3));
  act(() => result.current.search({ keyword: '  周 ', status: '' }));
  expect(result.current.input).toEqual({ keyword: '周', pageNum: 1, pageSize: 10 });
  act(() => result.current.setPage(2, 20));
  expect(result.current.input).toEqual({ keyword: '周', pageNum: 2, pageSize: 20 });
  act(() => result.current.reset());
  expect(result.current.input).toEqual({ pageNum: 1, pageSize: 20 });
  expect(cleanFilters({ a: [], b: null, c: 0, d: false })).toEqual({ c: 0, d: false });
});

function List({ fetch }: { fetch: () => Promise<{ list: string[]; total: number }> }) {
  const list = usePagedList(['test', 'list'], { pageNum: 1, pageSize: 10 }, fetch);
  return <div data-testid="rows">{list.data?.list.join(',')}</div>;
}

function Tab({ fetch }: { fetch: () => Promise<{ list: string[]; total: number }> }) {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button onClick={() => setShown(!shown)}>toggle</button>
      <Activity mode={shown ? 'visible' : 'hidden'}>
        <List fetch={fetch} />
      </Activity>
    </>
  );
}

it('fetches the list again when its kept-alive tab is shown again', async () => {
  let n = 0;
  const fetch = vi.fn(async () => ({ list: [`v${++n}`], total: 1 }));
  renderWithProviders(<Tab fetch={fetch} />);
  await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('v1'));
  fireEvent.click(screen.getByText('toggle'));
  fireEvent.click(screen.getByText('toggle'));
  await waitFor(() => expect(screen.getByTestId('rows').textContent).toBe('v2'));
  expect(fetch).toHaveBeenCalledTimes(2);
});
