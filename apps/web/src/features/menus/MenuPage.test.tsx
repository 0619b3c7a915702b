import type { MenuRow } from '@pineguard/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useLangStore } from '../../locales/index.ts';
import { useSession } from '../../shared/session.ts';
import { envelopeResponse } from '../../test/fixtures.ts';
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

it('does not promise to delete a parent’s children: it says to delete them first and offers no OK; no child under an external link', async () => {
  const child = { ...row(3, '子项', false), pid: 2 };
  const link = { ...row(4, '帮助', false), path: 'https://example.org/help' };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelopeResponse([row(2, '巡查记录', false), child, link])),
  );
  useSession.setState({ info: { isAdmin: true } as never });
  renderWithProviders(<MenuPage />);
  const parent = (await screen.findByText('巡查记录')).closest('tr') as HTMLElement;
  fireEvent.click(within(parent).getByText('删除'));
  expect(await screen.findByText('“巡查记录”下还有 1 个子项，请先删除子项。')).toBeInTheDocument();
  expect(screen.queryByText(/一并删除/)).toBeNull();
  expect(screen.getByRole('button', { name: /确\s*定/ })).toBeDisabled();
  const external = screen.getByText('帮助').closest('tr') as HTMLElement;
  expect(external.textContent).not.toContain('新增子项');
  expect(parent.textContent).toContain('新增子项');
});

it('shows resource titles in English in the en locale (English title when stored, else as typed)', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      envelopeResponse([
        { ...row(1, '二维码管理', true), titleEn: 'QR code management' },
        row(2, '巡查记录', false),
      ]),
    ),
  );
  useSession.setState({ info: { isAdmin: true } as never });
  useLangStore.getState().setLang('en');
  try {
    renderWithProviders(<MenuPage />);
    expect(await screen.findByText('QR code management')).toBeInTheDocument();
    expect(screen.queryByText('二维码管理')).toBeNull();
    expect(screen.getByText('巡查记录')).toBeInTheDocument();
  } finally {
    useLangStore.getState().setLang('zh-CN');
  }
});
