import type { ProjectMember, RoleItem, UserListItem } from '@pineguard/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ProjectPeople } from './components/ProjectPeople.tsx';

const admin: ProjectMember = {
  id: '00000000-0000-4000-8000-000000000001',
  account: 'ca_admin',
  name: '方卫东',
  phone: null,
  roleCodes: ['project_admin'],
  roleNames: ['项目管理员'],
  sectionCodes: [],
  sectionNames: [],
};
const candidate: UserListItem = {
  id: '00000000-0000-4000-8000-000000000002',
  account: 'wang_jl',
  name: '王建林',
  phone: null,
  status: 'active',
  statusReason: null,
  isSuperAdmin: false,
  roles: [{ projectCode: 'KH2026', projectName: '开化县项目', roleId: 2, roleName: '监理' }],
  createdAt: '2026-01-01T00:00:00Z',
};
const role = (id: number, code: string, name: string) =>
  ({
    id,
    code,
    name,
    description: '',
    builtIn: true,
    projectCode: null,
    permissions: [],
    menuIds: [],
    userCount: 0,
  }) as RoleItem;

/** The server as these screens see it; every call is recorded. */
function server() {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.startsWith('/api/project/prj1UserList')) return envelopeResponse({ list: [admin], total: 1 });
    if (url.startsWith('/api/project/prj1ManagerList')) return envelopeResponse([admin]);
    if (url.startsWith('/api/project/userList4Prj1'))
      return envelopeResponse({ list: [candidate], total: 1 });
    if (url.startsWith('/api/common/role'))
      return envelopeResponse([role(2, 'supervisor', '监理'), role(1, 'project_admin', '项目管理员')]);
    if (url.startsWith('/api/project/addPrj1User')) return envelopeResponse({ count: 1 }, 0, '已添加 1 人');
    return envelopeResponse(null, 40400, 'unexpected');
  });
  vi.stubGlobal('fetch', fetchMock);
  const bodyOf = (path: string) => {
    const call = fetchMock.mock.calls.find(([u]) => String(u).startsWith(path));
    return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
  };
  return { fetchMock, bodyOf };
}

const project = { code: 'CA2026', name: '淳安县2026年度松材线虫病防治项目' };
const renderPeople = () =>
  renderWithProviders(
    <MemoryRouter>
      <ProjectPeople project={project} />
    </MemoryRouter>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('project people', () => {
  it('a project administrator sees the people of the named project and is sent to user management', async () => {
    const { bodyOf } = server();
    signInWith(['users.manage', 'projects.manage'], false);
    renderPeople();
    expect(await screen.findByText('ca_admin')).toBeInTheDocument();
    expect(screen.getByText('方卫东（ca_admin）')).toBeInTheDocument();
    expect(bodyOf('/api/project/prj1UserList')).toMatchObject({
      prjCode: 'CA2026',
      pageNum: 1,
      pageSize: 10,
    });
    expect(screen.getByRole('link', { name: '到用户管理中添加或移除人员' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /添加人员/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /移出项目/ })).toBeNull();
  }, 60_000);

  it('the super administrator searches accounts and grants the project administrator role by default', async () => {
    const { fetchMock, bodyOf } = server();
    signInWith(['*'], true);
    const user = userEvent.setup({ delay: null });
    renderPeople();
    expect(await screen.findByRole('button', { name: /移出项目/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /添加人员/ }));
    // One change event: jsdom loses the modal's focus between typed keys (Chromium does not; the e2e types).
    await user.click(screen.getByLabelText('账号'));
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'wang' } });
    // The search reaches the server once typing settles.
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, init]) =>
            String(u).startsWith('/api/project/userList4Prj1') && String(init?.body).includes('"wang"'),
        ),
      ).toBe(true),
    );
    await user.click(await screen.findByTitle('已在：开化县项目'));
    // The role list is the named project's, and the administrator role is preselected.
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/common/role?prjCode=CA2026')).toBe(true);
    expect(await screen.findByTitle('项目管理员')).toBeInTheDocument();
    await act(async () => {
      await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() =>
      expect(bodyOf('/api/project/addPrj1User')).toEqual({
        prjCode: 'CA2026',
        userIds: [candidate.id],
        roleId: 1,
      }),
    );
  }, 60_000);
});
