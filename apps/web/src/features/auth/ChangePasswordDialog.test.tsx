import { clientPasswordHash } from '@pineguard/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';

afterEach(() => vi.unstubAllGlobals());

function setup() {
  const onClose = vi.fn();
  const onRelogin = vi.fn();
  renderWithProviders(<ChangePasswordDialog open onClose={onClose} onRelogin={onRelogin} />);
  return { onClose, onRelogin, user: userEvent.setup({ delay: null }) };
}

const submit = () => screen.getByRole('button', { name: /确\s*定/ });

describe('ChangePasswordDialog', () => {
  it('requires all three fields with the spec messages', async () => {
    const { user } = setup();
    await user.click(submit());
    expect(await screen.findByText('请输入原密码')).toBeInTheDocument();
    expect(screen.getByText('请输入新密码')).toBeInTheDocument();
    expect(screen.getByText('请再次输入新密码')).toBeInTheDocument();
  });

  it('checks 6–11 characters and that new and repeat match', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('原密码'), '12345');
    await user.type(screen.getByLabelText('新密码'), '123456789012');
    await user.type(screen.getByLabelText('确认新密码'), 'abcdef');
    await user.click(submit());
    expect(await screen.findAllByText('密码长度为6-11位')).toHaveLength(2);
    expect((await screen.findAllByText('两次输入的密码不一致')).length).toBeGreaterThan(0);
  });

  it('sends both passwords as client hashes, then offers to log in again', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, message: '密码修改成功', value: null }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { user, onClose, onRelogin } = setup();
    await user.type(screen.getByLabelText('原密码'), 'pine2026');
    await user.type(screen.getByLabelText('新密码'), 'newpass1');
    await user.type(screen.getByLabelText('确认新密码'), 'newpass1');
    await user.click(submit());

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/password');
    expect(JSON.parse(String(init.body))).toEqual({
      oldPassword: clientPasswordHash('pine2026'),
      newPassword: clientPasswordHash('newpass1'),
    });
    expect(await screen.findByText('密码修改成功，是否重新登录？')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '重新登录' }));
    expect(onRelogin).toHaveBeenCalled();
  });
});
