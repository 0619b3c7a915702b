import type { RoleItem, UserListItem } from '@pineguard/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelopeResponse, signInWith } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { userActions } from './access.ts';
import { UserFormDialog } from './components/UserFormDialog.tsx';
import { UserManagement } from './components/UserManagement.tsx';
import { isAccount, isPassword, isPersonName, isPhone } from './rules.ts';

const role = (id: number, name: string): RoleItem => ({
  id,
  code: `r${id}`,
  name,
  description: '',
  builtIn: false,
  projectCode: 'KH2026',
  permissions: [],
  menuIds: [],
  userCount: 0,
});

const person: UserListItem = {
  id: '00000000-0000-4000-8000-000000000001',
  account: 'zhang3',
  name: '张三',
  phone: '13800000000',
  status: 'active',
  statusReason: null,
  isSuperAdmin: false,
  roles: [{ projectCode: 'KH2026', projectName: '示范项目', roleId: 2, roleName: '监理' }],
  createdAt: '2026-01-01T00:00:00Z',
};

afterEach(() => vi.unstubAllGlobals());

describe('form rules (as the server validates)', () => {
  it('account: 3–32 letters, digits or . _ @ -', () => {
    expect(isAccount('ab')).toBe(false);
    expect(isAccount('abc')).toBe(true);
    expect(isAccount('a.b_c@d-e')).toBe(true);
    expect(isAccount('a'.repeat(32))).toBe(true);
    expect(isAccount('a'.repeat(33))).toBe(false);
    expect(isAccount('张三abc')).toBe(false);
    expect(isAccount('ab c')).toBe(false);
  });
  it('phone: 11 digits starting with 1', () => {
    expect(isPhone('13800000000')).toBe(true);
    expect(isPhone('23800000000')).toBe(false);
    expect(isPhone('1380000000')).toBe(false);
    expect(isPhone('138000000001')).toBe(false);
  });
  it('password 6–11, name 1–12', () => {
    expect(isPassword('12345')).toBe(false);
    expect(isPassword('123456')).toBe(true);
    expect(isPassword('12345678901')).toBe(true);
    expect(isPassword('123456789012')).toBe(false);
    expect(isPersonName('  ')).toBe(false);
    expect(isPersonName('一二三四五六七八九十一二')).toBe(true);
    expect(isPersonName('一二三四五六七八九十一二三')).toBe(false);
  });
});

describe('permission → buttons', () => {
  it('users.manage shows every action; without it none', () => {
    expect(userActions(['users.manage'], false, person)).toEqual({
      add: true,
      edit: true,
      remove: true,
      resetPassword: true,
      setPassword: true,
      removeRole: true,
    });
    expect(Object.values(userActions(['users.review', 'roles.manage'], false, person)).some(Boolean)).toBe(
      false,
    );
    expect(userActions(['*'], true, person).remove).toBe(true);
    // One's own row: no delete (the server refuses it).
    expect(userActions(['users.manage'], false, person, true).remove).toBe(false);
    expect(userActions(['users.manage'], false, person, true).edit).toBe(true);
  });
  it('only a super administrator touches a super administrator, and nobody deletes one', () => {
    const admin = { ...person, isSuperAdmin: true };
    expect(userActions(['users.manage'], false, admin).edit).toBe(false);
    expect(userActions(['*'], true, admin).edit).toBe(true);
    expect(userActions(['*'], true, admin).remove).toBe(false);
  });
  it('no password actions for pending or rejected registrations', () => {
    expect(userActions(['users.manage'], false, { ...person, status: 'pending' }).resetPassword).toBe(false);
    expect(userActions(['users.manage'], false, { ...person, status: 'rejected' }).setPassword).toBe(false);
  });

  it('the table hides add/edit/delete without users.manage', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/user/userList')
          ? envelopeResponse({ list: [person], total: 1 })
          : envelopeResponse([role(2, '监理')]),
      ),
    );
    signInWith(['users.review']);
    renderWithProviders(<UserManagement />);
    expect(await screen.findByText('zhang3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增用户/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  }, 60_000);

  it('with users.manage: add, edit, delete, reset and set password are there', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/user/userList')
          ? envelopeResponse({ list: [person], total: 1 })
          : envelopeResponse([role(2, '监理')]),
      ),
    );
    signInWith(['users.manage']);
    renderWithProviders(<UserManagement />);
    const row = (await screen.findByText('zhang3')).closest('tr') as HTMLElement;
    expect(screen.getByRole('button', { name: /新增用户/ })).toBeInTheDocument();
    for (const name of [/编\s*辑/, /删\s*除/, /重置密码/, /设置密码/]) {
      expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    }
  }, 60_000);

  it('offers no delete on one’s own row, and tells a reset password once', async () => {
    const me = { ...person, id: '00000000-0000-4000-8000-000000000002', account: 'x', name: '我' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/user/userList')
          ? envelopeResponse({ list: [person, me], total: 2 })
          : url.startsWith('/api/user/resetPassword')
            ? envelopeResponse({ password: 'abcd2345' }, 0, '密码已重置为 abcd2345，请通知用户登录后尽快修改')
            : envelopeResponse([role(2, '监理')]),
      ),
    );
    signInWith(['users.manage']);
    renderWithProviders(<UserManagement />);
    const own = (await screen.findByText('我')).closest('tr') as HTMLElement;
    expect(within(own).queryByRole('button', { name: /删\s*除/ })).toBeNull();
    const other = screen.getByText('zhang3').closest('tr') as HTMLElement;
    const user = userEvent.setup({ delay: null });
    await user.click(within(other).getByRole('button', { name: /重置密码/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    const shown = await screen.findByTestId('temporary-password');
    expect(shown.textContent?.split('abcd2345')).toHaveLength(2);
  }, 60_000);
});

describe('refusals stay out of the error log', () => {
  it('a refused password reset is not an uncaught rejection', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) =>
          url.startsWith('/api/user/userList')
            ? envelopeResponse({ list: [person], total: 1 })
            : url.startsWith('/api/user/resetPassword')
              ? envelopeResponse(null, 40300, '不能删除或停用自己的账号')
              : envelopeResponse([role(2, '监理')]),
        ),
      );
      signInWith(['users.manage']);
      renderWithProviders(<UserManagement />);
      const row = (await screen.findByText('zhang3')).closest('tr') as HTMLElement;
      const user = userEvent.setup({ delay: null });
      await user.click(within(row).getByRole('button', { name: /重置密码/ }));
      await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
      await screen.findByText('不能删除或停用自己的账号');
      await new Promise((resolve) => setImmediate(resolve));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  }, 60_000);
});

describe('add-user dialog', () => {
  beforeEach(() => signInWith(['users.manage']));

  it('refuses what the server would refuse, then posts a hashed password', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith('/api/user/queryPhone')
        ? envelopeResponse({ exists: false })
        : envelopeResponse({ id: person.id }, 0, '新增成功'),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <UserFormDialog open user={null} roles={[role(2, '监理')]} projectCode="KH2026" onClose={onClose} />,
    );
    const save = screen.getByRole('button', { name: /保\s*存/ });
    await user.click(save);
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByText('请输入姓名')).toBeInTheDocument();
    expect(screen.getByText('请至少选择一个角色')).toBeInTheDocument();

    await user.type(screen.getByLabelText('账号'), 'a b');
    await user.type(screen.getByLabelText('密码'), '123');
    await user.type(screen.getByLabelText('手机号'), '2380000000');
    await user.click(save);
    expect(await screen.findByText('账号为 3–32 位字母、数字或 . _ @ -')).toBeInTheDocument();
    expect(screen.getByText('密码长度为 6–11 位')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('addUser'))).toHaveLength(0);

    await user.clear(screen.getByLabelText('账号'));
    await user.type(screen.getByLabelText('账号'), 'li.si');
    await user.clear(screen.getByLabelText('密码'));
    await user.type(screen.getByLabelText('密码'), 'pine2026');
    await user.clear(screen.getByLabelText('手机号'));
    await user.type(screen.getByLabelText('手机号'), '13900000000');
    await user.type(screen.getByLabelText('姓名'), '李四');
    await user.click(screen.getByLabelText('角色'));
    await user.click(await screen.findByTitle('监理'));
    await act(async () => {
      await user.click(save);
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([u]) => String(u) === '/api/user/addUser') as unknown as [
      string,
      RequestInit,
    ];
    const body = JSON.parse(String(call[1].body)) as Record<string, unknown>;
    expect(body).toMatchObject({ account: 'li.si', name: '李四', phone: '13900000000', roleIds: [2] });
    expect(String(body.password)).toMatch(/===$/);
  }, 60_000);
});
