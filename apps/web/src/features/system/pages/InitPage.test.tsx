import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { envelopeResponse } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import InitPage from './InitPage.tsx';

afterEach(() => vi.unstubAllGlobals());

function LoginProbe() {
  const { search } = useLocation();
  return <div>login page {search}</div>;
}

const renderAt = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/init']}>
      <Routes>
        <Route path="/init" element={<InitPage />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );

it('asks for the administrator’s name and password in the words of this page (not 用户名 or 新密码)', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelopeResponse({ initialised: false, demo: null })),
  );
  renderAt();
  fireEvent.click(await screen.findByRole('button', { name: /创建管理员/ }));
  expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
  expect(await screen.findByText('请输入密码')).toBeInTheDocument();
  expect(await screen.findByText('请再次输入密码')).toBeInTheDocument();
  const page = document.body.textContent ?? '';
  expect(page).not.toContain('请输入用户名');
  expect(page).not.toContain('新密码');
});

it('with demo data: shows the load’s progress, offers to sign in at once, and moves on to sign-in when it is done', async () => {
  const loads = [
    { state: 'queued', phase: 'accounts', done: 0, total: 0, error: null },
    { state: 'running', phase: 'records', done: 120, total: 400, error: null },
    { state: 'done', phase: 'done', done: 400, total: 400, error: null },
  ];
  let initialised = false;
  let polls = 0;
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      initialised = true;
      return envelopeResponse({ account: 'admin', demoLoading: true });
    }
    if (!initialised) return envelopeResponse({ initialised: false, demo: null });
    return envelopeResponse({ initialised: true, demo: loads[Math.min(polls++, loads.length - 1)] });
  });
  vi.stubGlobal('fetch', fetch);
  renderAt();
  fireEvent.change(await screen.findByLabelText('管理员账号'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '系统管理员' } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'admin123' } });
  fireEvent.change(screen.getByLabelText('确认密码'), { target: { value: 'admin123' } });
  fireEvent.click(screen.getByLabelText(/同时加载演示数据/));
  fireEvent.click(screen.getByRole('button', { name: /创建管理员/ }));

  expect(await screen.findByText('管理员已创建，正在加载演示数据')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '立即登录' })).toBeInTheDocument();
  expect(await screen.findByText('正在导入采集记录和照片', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getByText('120 / 400')).toBeInTheDocument();
  expect(await screen.findByText('login page ?account=admin', {}, { timeout: 5000 })).toBeInTheDocument();
  const body = JSON.parse(String(fetch.mock.calls.find(([, i]) => i?.method === 'POST')![1]!.body));
  expect(body).toMatchObject({ account: 'admin', name: '系统管理员', demo: true });
});

it('opened while the demo still loads: says the system is initialised, shows the progress, offers to sign in', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      envelopeResponse({
        initialised: true,
        demo: { state: 'queued', phase: 'records', done: 10, total: 40, error: 'killed / 中断' },
      }),
    ),
  );
  renderAt();
  expect(await screen.findByText('系统已初始化')).toBeInTheDocument();
  expect(screen.getByText('加载中断，稍后自动重试：killed / 中断')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '立即登录' }));
  await waitFor(() => expect(screen.getByText('login page')).toBeInTheDocument());
});

it('after initialisation says so, with the way to sign in', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      envelopeResponse({
        initialised: true,
        demo: { state: 'done', phase: 'done', done: 10, total: 10, error: null },
      }),
    ),
  );
  renderAt();
  expect(await screen.findByText('系统已初始化')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '去登录' }));
  await waitFor(() => expect(screen.getByText(/login page/)).toBeInTheDocument());
});
