import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { useLangStore } from '../../locales/index.ts';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RoleSwitch } from './RoleSwitch.tsx';

afterEach(() => vi.unstubAllGlobals());

it('keeps a refused role switch out of the error log and leaves the session as it was', async () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    const refusal = '该角色已被移除';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).startsWith('/api/user/switchRole')
          ? envelopeResponse(null, 40300, refusal)
          : envelopeResponse({
              heldRoles: [
                { id: 2, code: 'supervisor', name: '监理' },
                { id: 3, code: 'builder', name: '施工员' },
              ],
              activeRoleId: 2,
            }),
      ),
    );
    signInWith(['projects.read']);
    renderWithProviders(
      <MemoryRouter>
        <RoleSwitch />
      </MemoryRouter>,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByTestId('role-switch'));
    await user.click(await screen.findByText('施工员'));
    await user.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setImmediate(resolve));
    expect(rejections).toEqual([]);
    expect(screen.getByTestId('role-switch')).toHaveTextContent('监理');
  } finally {
    process.off('unhandledRejection', onRejection);
  }
}, 60_000);

it('names built-in roles in English in the en locale', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      envelopeResponse({
        heldRoles: [
          { id: 2, code: 'supervisor', name: '监理' },
          { id: 3, code: 'inspector', name: '巡查员' },
        ],
        activeRoleId: 2,
      }),
    ),
  );
  signInWith(['projects.read']);
  useLangStore.getState().setLang('en');
  try {
    renderWithProviders(
      <MemoryRouter>
        <RoleSwitch />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('role-switch')).toHaveTextContent('Supervisor');
    await userEvent.setup({ delay: null }).click(screen.getByTestId('role-switch'));
    expect(await screen.findByText('巡查员')).toBeInTheDocument();
  } finally {
    useLangStore.getState().setLang('zh-CN');
  }
});
