import type { RoleItem } from '@pineguard/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RoleManagement } from './components/RoleManagement.tsx';

afterEach(() => vi.unstubAllGlobals());

const clerk: RoleItem = {
  id: 9,
  code: 'custom_9',
  name: '资料员',
  description: '',
  builtIn: false,
  projectCode: 'KH2026',
  permissions: [],
  menuIds: [],
  userCount: 0,
};

it('deletes the role open in the editor with "删除成功" alone: its detail is not fetched again', async () => {
  let deleted = false;
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = url.split('?')[0]!;
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/common/role') return envelopeResponse(deleted ? [] : [clerk]);
      if (path === '/api/menu/list') return envelopeResponse([]);
      if (path === '/api/auth/itemUser4Update')
        return deleted ? envelopeResponse(null, 40400, '资源不存在') : envelopeResponse(clerk);
      if (path === '/api/auth/deleteRole') {
        deleted = true;
        return envelopeResponse(null, 0, '删除成功');
      }
      return envelopeResponse(null, 40400, '资源不存在');
    }),
  );
  signInWith(['roles.manage']);
  renderWithProviders(<RoleManagement />);
  const row = (await screen.findByText('资料员')).closest('tr') as HTMLElement;
  // Nothing open yet: the right panel is not a second "角色列表", and does not point "left".
  const editor = screen.getByTestId('role-editor');
  expect(within(editor).getByText('角色详情')).toBeInTheDocument();
  expect(editor.textContent).not.toContain('左侧');
  fireEvent.click(within(row).getByText('编辑'));
  expect(await screen.findByText('编辑角色：资料员')).toBeInTheDocument();
  fireEvent.click(within(row).getByText('删除'));
  fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
  expect(await screen.findByText('删除成功')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('资料员')).toBeNull());
  expect(calls.filter((c) => c.endsWith('/api/auth/itemUser4Update'))).toHaveLength(1);
  expect(screen.queryByText('资源不存在')).toBeNull();
});
