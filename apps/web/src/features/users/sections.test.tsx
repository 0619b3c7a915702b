import type { RoleItem, UserListItem } from '@pineguard/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { UserFormDialog } from './components/UserFormDialog.tsx';
import { UserManagement } from './components/UserManagement.tsx';

/** 标段分配 beside a member's roles (issue 26): the field worker's sections. */

const role = (id: number, code: string, name: string): RoleItem => ({
  id,
  code,
  name,
  description: '',
  builtIn: true,
  projectCode: null,
  permissions: [],
  menuIds: [],
  userCount: 0,
});
const roles = [role(2, 'supervisor', '监理'), role(4, 'worker', '劳务人员')];

const member = (
  id: string,
  account: string,
  name: string,
  roleId: number,
  roleName: string,
): UserListItem => ({
  id,
  account,
  name,
  phone: null,
  status: 'active',
  statusReason: null,
  isSuperAdmin: false,
  roles: [{ projectCode: 'KH2026', projectName: '开化县项目', roleId, roleName }],
  createdAt: '2026-01-01T00:00:00Z',
});
const xu = member('00000000-0000-4000-8000-000000000004', 'demo_worker', '徐长根', 4, '劳务人员');
const wang = member('00000000-0000-4000-8000-000000000002', 'demo_jianli', '汪丽华', 2, '监理');
const sections = [
  { code: 'KH-BD01', name: '第一标段' },
  { code: 'KH-BD02', name: '第二标段' },
  { code: 'KH-BD03', name: '第三标段' },
];

/** The server as the user screens see it; every call is recorded. */
function server() {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.startsWith('/api/project/prj1BDList')) return envelopeResponse({ list: sections, total: 3 });
    if (url.startsWith('/api/project/memberSections'))
      return envelopeResponse([
        { userId: xu.id, sectionCodes: ['KH-BD01'], sectionNames: ['第一标段'] },
        { userId: wang.id, sectionCodes: [], sectionNames: [] },
      ]);
    if (url.startsWith('/api/project/setMemberSections'))
      return envelopeResponse({ userId: xu.id, sectionCodes: [], sectionNames: [] }, 0, '保存成功');
    if (url.startsWith('/api/user/addUserInfo')) return envelopeResponse(null, 0, '保存成功');
    if (url.startsWith('/api/user/userList')) return envelopeResponse({ list: [xu, wang], total: 2 });
    if (url.startsWith('/api/common/role')) return envelopeResponse(roles);
    return envelopeResponse(null, 40400, 'unexpected');
  });
  vi.stubGlobal('fetch', fetchMock);
  const bodyOf = (path: string) => {
    const call = fetchMock.mock.calls.find(([u]) => String(u).startsWith(path));
    return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
  };
  return { fetchMock, bodyOf };
}

afterEach(() => vi.unstubAllGlobals());

describe('sections of a field worker, beside the roles', () => {
  beforeEach(() => signInWith(['users.manage', 'projects.read']));

  it('shows the worker’s sections and saves the changed ones after the user', async () => {
    const { fetchMock, bodyOf } = server();
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <UserFormDialog open user={xu} roles={roles} projectCode="KH2026" onClose={onClose} />,
    );
    const field = await screen.findByLabelText('采集标段');
    expect(screen.getByText('劳务人员只能在分配的标段采集数据；不分配则不能采集')).toBeInTheDocument();
    const control = field.closest('.ant-select') as HTMLElement;
    await waitFor(() => expect(within(control).getByText('第一标段')).toBeInTheDocument());
    await user.click(field);
    await user.click(await screen.findByTitle('第二标段'));
    await act(async () => {
      await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf('/api/user/addUserInfo')).toMatchObject({ id: xu.id, roleIds: [4] });
    expect(bodyOf('/api/project/setMemberSections')).toEqual({
      userId: xu.id,
      sectionCodes: ['KH-BD01', 'KH-BD02'],
    });
    // The user was saved before the sections.
    const order = fetchMock.mock.calls.map(([u]) => String(u));
    expect(order.findIndex((u) => u.includes('addUserInfo'))).toBeLessThan(
      order.findIndex((u) => u.includes('setMemberSections')),
    );
  }, 60_000);

  it('offers no sections to a role that is not a field worker, and sends none', async () => {
    const { fetchMock } = server();
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <UserFormDialog open user={wang} roles={roles} projectCode="KH2026" onClose={onClose} />,
    );
    expect(await screen.findByLabelText('角色')).toBeInTheDocument();
    expect(screen.queryByLabelText('采集标段')).not.toBeInTheDocument();
    await act(async () => {
      await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('setMemberSections'))).toBe(false);
  }, 60_000);

  it('lists each user’s sections by name', async () => {
    const { bodyOf } = server();
    renderWithProviders(<UserManagement />);
    const row = (await screen.findByText('demo_worker')).closest('tr') as HTMLElement;
    expect(await within(row).findByText('第一标段')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader', { name: '采集标段' }).length).toBeGreaterThan(0);
    expect(bodyOf('/api/project/memberSections')).toEqual({ userIds: [wang.id, xu.id].sort() });
  }, 60_000);
});
