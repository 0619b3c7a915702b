import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { AddInvitationDialog } from './AddInvitationDialog.tsx';

afterEach(() => vi.unstubAllGlobals());

it('requires an 8-character code and posts it to addVisitUser', async () => {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ code: 0, message: '已加入项目', value: null }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const user = userEvent.setup({ delay: null });
  const onClose = vi.fn();
  renderWithProviders(<AddInvitationDialog open onClose={onClose} />);
  const ok = screen.getByRole('button', { name: /确\s*定/ });

  await user.click(ok);
  expect(await screen.findByText('请输入邀请码')).toBeInTheDocument();
  await user.type(screen.getByLabelText('邀请码'), 'ABC1234');
  await user.click(ok);
  expect(await screen.findByText('邀请码为8位')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();

  await user.type(screen.getByLabelText('邀请码'), '5');
  await user.click(ok);
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
  expect(url).toBe('/api/user/addVisitUser/');
  expect(JSON.parse(String(init.body))).toEqual({ code: 'ABC12345' });
});
