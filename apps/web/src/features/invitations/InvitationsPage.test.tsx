import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import InvitationsPage from './pages/InvitationsPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const supervisor = {
  id: 2,
  code: 'supervisor',
  name: '监理',
  description: '',
  builtIn: true,
  projectCode: null,
  permissions: [],
  menuIds: [],
  userCount: 0,
};

it('keeps an expiry picked in the picker even when its OK is not pressed', async () => {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/common/role')) return envelopeResponse([supervisor]);
      if (url.startsWith('/api/user/insertInvite')) {
        bodies.push(JSON.parse(String(init?.body)));
        return envelopeResponse({ id: 'i1', code: 'ABCD2345' }, 0, '保存成功');
      }
      return envelopeResponse({ list: [], total: 0 });
    }),
  );
  signInWith(['invitations.manage']);
  renderWithProviders(<InvitationsPage />);
  fireEvent.click(await screen.findByRole('button', { name: /生成邀请码/ }));
  const dialog = await screen.findByRole('dialog');
  // Role.
  fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]!);
  fireEvent.click(await screen.findByTitle('监理'));
  // Expiry: open the picker, click a day next month, then leave without its OK.
  const picker = within(dialog)
    .getAllByRole('textbox')
    .find((el) => el.closest('.ant-picker'))!;
  fireEvent.mouseDown(picker);
  fireEvent.click(picker);
  const day = dayjs().add(1, 'month').startOf('month').add(14, 'day');
  fireEvent.click(document.querySelector('.ant-picker-header-next-btn')!);
  fireEvent.click(await screen.findByTitle(day.format('YYYY-MM-DD')));
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  await waitFor(() => expect(bodies).toHaveLength(1));
  const sent = bodies[0] as { expiresAt: string | null };
  expect(sent.expiresAt).not.toBeNull();
  expect(dayjs(sent.expiresAt).format('YYYY-MM-DD')).toBe(day.format('YYYY-MM-DD'));
});
