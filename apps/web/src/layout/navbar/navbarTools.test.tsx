import type { MessageInstance } from 'antd/es/message/interface';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { useErrorLog } from '../../shared/errorLog.ts';
import { bindFeedback } from '../../shared/feedback.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ErrorLog } from './ErrorLog.tsx';
import { Screenfull } from './Screenfull.tsx';

beforeEach(() => useErrorLog.getState().clear());

it('shows the error-log badge only when errors exist, lists them and clears all', async () => {
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<ErrorLog />);
  expect(screen.queryByTitle('错误日志')).not.toBeInTheDocument();

  const entry = {
    err: 'TypeError: x is undefined',
    vm: 'route /kusishu',
    info: 'stack',
    url: 'http://h/kusishu',
  };
  act(() => useErrorLog.getState().add(entry));
  await user.click(await screen.findByTitle('错误日志'));
  expect(await screen.findByText('TypeError: x is undefined')).toBeInTheDocument();
  expect(screen.getByText('route /kusishu')).toBeInTheDocument();
  expect(screen.getByText('http://h/kusishu')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: '清空全部' }));
  expect(useErrorLog.getState().logs).toEqual([]);
  expect(screen.queryByTitle('错误日志')).not.toBeInTheDocument();
});

it('warns when the browser cannot go full screen', async () => {
  const warning = vi.fn();
  bindFeedback({ warning } as unknown as MessageInstance, { confirm: vi.fn() });
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: false });
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<Screenfull />);
  await user.click(screen.getByRole('button', { name: '全屏' }));
  expect(warning).toHaveBeenCalledWith('您的浏览器不支持全屏');
});
