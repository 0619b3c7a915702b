import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { AccountDeletionDialog } from './AccountDeletionDialog.tsx';

function setup() {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<AccountDeletionDialog open onClose={onClose} onConfirm={onConfirm} />);
  return { onConfirm, onClose, user: userEvent.setup({ delay: null }) };
}

it('requires the phone, asks for confirmation and says cancelled on cancel', async () => {
  const { user, onConfirm } = setup();
  await user.click(screen.getByRole('button', { name: /确\s*定/ }));
  expect(await screen.findByText('请输入手机号')).toBeInTheDocument();

  await user.type(screen.getByLabelText('手机号'), '13800000000');
  await user.click(screen.getByRole('button', { name: /确\s*定/ }));
  expect(await screen.findByText('确定注销该账号吗？')).toBeInTheDocument();
  const cancelButtons = screen.getAllByRole('button', { name: /取\s*消/ });
  await user.click(cancelButtons.at(-1)!);
  expect(await screen.findByText('已取消')).toBeInTheDocument();
  expect(onConfirm).not.toHaveBeenCalled();
});

it('passes the phone on when confirmed', async () => {
  const { user, onConfirm, onClose } = setup();
  await user.type(screen.getByLabelText('手机号'), ' 13800000000 ');
  await user.click(screen.getByRole('button', { name: /确\s*定/ }));
  await screen.findByText('确定注销该账号吗？');
  const okButtons = screen.getAllByRole('button', { name: /确\s*定/ });
  await user.click(okButtons.at(-1)!);
  await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('13800000000'));
  expect(onClose).toHaveBeenCalled();
});

it('keeps a refused deletion out of the error log and the dialog open', async () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    const onConfirm = vi.fn(() => Promise.reject(new Error('手机号与账号不符')));
    const onClose = vi.fn();
    renderWithProviders(<AccountDeletionDialog open onClose={onClose} onConfirm={onConfirm} />);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('手机号'), '13800000000');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('确定注销该账号吗？');
    await user.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
    expect(rejections).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  } finally {
    process.off('unhandledRejection', onRejection);
  }
});
