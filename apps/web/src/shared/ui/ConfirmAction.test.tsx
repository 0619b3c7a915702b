import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ConfirmAction } from './ConfirmAction.tsx';

const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
afterEach(() => {
  process.off('unhandledRejection', onRejection);
  rejections.length = 0;
});

it('keeps a refusal to itself: no uncaught rejection, the confirmation stays open, no success toast', async () => {
  process.on('unhandledRejection', onRejection);
  const run = vi.fn(() => Promise.reject(new Error('请先删除下级菜单')));
  renderWithProviders(<ConfirmAction title="确定删除吗？" label="删除" danger run={run} />);
  fireEvent.click(screen.getByText('删除'));
  fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
  await waitFor(() => expect(run).toHaveBeenCalled());
  // Let the rejection (if any) reach the process before looking.
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setImmediate(resolve));
  expect(rejections).toEqual([]);
  expect(screen.getByText('确定删除吗？').closest('.ant-popover')).not.toHaveClass('ant-popover-hidden');
  expect(screen.queryByText('删除成功')).toBeNull();
});

it('toasts the answer and closes once the call succeeds', async () => {
  const onDone = vi.fn();
  renderWithProviders(
    <ConfirmAction
      title="确定作废吗？"
      label="作废"
      run={async () => ({ message: '已作废' })}
      onDone={onDone}
    />,
  );
  fireEvent.click(screen.getByText('作废'));
  fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
  expect(await screen.findByText('已作废')).toBeInTheDocument();
  expect(onDone).toHaveBeenCalled();
});
