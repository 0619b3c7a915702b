import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { envelopeResponse } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import InitPage from './InitPage.tsx';

afterEach(() => vi.unstubAllGlobals());

it('asks for the administrator’s name and password in the words of this page (not 用户名 or 新密码)', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelopeResponse({ initialised: false })),
  );
  renderWithProviders(
    <MemoryRouter>
      <InitPage />
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByRole('button', { name: /创建管理员/ }));
  expect(await screen.findByText('请输入姓名')).toBeInTheDocument();
  expect(await screen.findByText('请输入密码')).toBeInTheDocument();
  expect(await screen.findByText('请再次输入密码')).toBeInTheDocument();
  const page = document.body.textContent ?? '';
  expect(page).not.toContain('请输入用户名');
  expect(page).not.toContain('新密码');
});
