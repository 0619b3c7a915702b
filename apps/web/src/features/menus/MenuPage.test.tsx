import type { MenuRow } from '@pineguard/contract';
import { screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session.ts';
import { renderWithProviders } from '../../test/render.tsx';
import MenuPage from './pages/MenuPage.tsx';

const row = (id: number, title: string, builtIn: boolean): MenuRow => ({
  id,
  pid: 0,
  scope: 'project',
  title,
  titleEn: '',
  icon: '',
  sort: id,
  path: `/p${id}`,
  redirect: '',
  description: '',
  hidden: false,
  builtIn,
});

afterEach(() => vi.unstubAllGlobals());

it('offers delete on added menus only: built-in ones are the app’s own routes', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ code: 0, message: '', value: [row(1, '首页', true), row(2, '巡查记录', false)] }),
          {
            headers: { 'content-type': 'application/json' },
          },
        ),
    ),
  );
  useSession.setState({ info: { isAdmin: true } as never });
  renderWithProviders(<MenuPage />);
  const builtIn = (await screen.findByText('首页')).closest('tr') as HTMLElement;
  const added = screen.getByText('巡查记录').closest('tr') as HTMLElement;
  expect(added.textContent).toContain('删除');
  expect(builtIn.textContent).toContain('编辑');
  expect(builtIn.textContent).not.toContain('删除');
});
