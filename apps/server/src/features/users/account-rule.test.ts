import { clientPasswordHash, ErrorCode } from '@pineguard/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const hash = clientPasswordHash;

/**
 * A project administrator of KH2026 must not take over a user who also belongs to JS2026:
 * account-wide things (password, name, phone, status, deletion) are for the super administrator
 * or the user; roles in KH2026 stay the KH2026 administrator's to change.
 */
describe('account-wide changes of a user shared with another project', () => {
  let t: TestApp;
  let admin: string;
  let kh: string;
  let sharedId: string;
  let roleIds: Record<string, number>;
  const shared = { name: '共享管理员', phone: null, status: 'active' as const };

  beforeAll(async () => {
    t = await createTestApp({ demo: true });
    admin = await t.initAdmin({ demo: true });
    kh = await t.signIn('demo_admin', 'pine2026');
    await t.api('POST', '/api/user/selectProject', { token: kh, body: { prjCode: 'KH2026' } });
    const roles = await t.api<{ id: number; code: string }[]>('GET', '/api/common/role', { token: kh });
    roleIds = Object.fromEntries(roles.value.map((r) => [r.code, r.id]));
    await t.api('POST', '/api/user/selectProject', { token: admin, body: { prjCode: 'JS2026' } });
    const created = await t.api<{ id: string }>('POST', '/api/user/addUser', {
      token: admin,
      body: {
        account: 'shared_admin',
        password: hash('shared1'),
        name: shared.name,
        roleIds: [roleIds.project_admin],
      },
    });
    expect(created.code).toBe(0);
    sharedId = created.value.id;
    const joined = await t.api('POST', '/api/user/addUserInfo', {
      token: admin,
      body: { id: sharedId, ...shared, roleIds: [roleIds.gov_viewer], prjCode: 'KH2026' },
    });
    expect(joined.code).toBe(0);
  });
  afterAll(() => t.close());

  it('refuses password resets, status, name and phone changes and deletion by the other project’s administrator', async () => {
    const attempts = [
      t.api('POST', '/api/user/resetPasswordByManager', {
        token: kh,
        body: { id: sharedId, newPassword: hash('taken123') },
      }),
      t.api('POST', '/api/user/resetPassword', { token: kh, body: { id: sharedId } }),
      t.api('POST', '/api/user/addUserInfo', {
        token: kh,
        body: { id: sharedId, ...shared, status: 'disabled', roleIds: [roleIds.gov_viewer] },
      }),
      t.api('POST', '/api/user/addUserInfo', {
        token: kh,
        body: { id: sharedId, ...shared, name: '改名', roleIds: [roleIds.gov_viewer] },
      }),
      t.api('POST', '/api/user/addUserInfo', {
        token: kh,
        body: { id: sharedId, ...shared, phone: '13900000001', roleIds: [roleIds.gov_viewer] },
      }),
      t.api('DELETE', `/api/user/deleteUser?id=${sharedId}`, { token: kh }),
    ];
    const answers = await Promise.all(attempts);
    for (const a of answers) expect([ErrorCode.forbidden, ErrorCode.conflict]).toContain(a.code);
    expect(answers[0]!.message).toContain('超级管理员或本人');
    // The account is untouched: the old password still signs in, in JS2026 too.
    const token = await t.signIn('shared_admin', 'shared1');
    const self = await t.api<{ name: string }>('GET', '/api/user/self', { token });
    expect(self.value.name).toBe(shared.name);
  });

  it('lets that administrator change the user’s roles in their own project only', async () => {
    const res = await t.api('POST', '/api/user/addUserInfo', {
      token: kh,
      body: { id: sharedId, ...shared, roleIds: [roleIds.section_manager] },
    });
    expect(res.code).toBe(0);
  });

  it('lets the super administrator change the account', async () => {
    const res = await t.api('POST', '/api/user/resetPasswordByManager', {
      token: admin,
      body: { id: sharedId, newPassword: hash('newpass9') },
    });
    expect(res.code).toBe(0);
    expect(await t.signIn('shared_admin', 'newpass9')).toBeTruthy();
  });

  it('still lets a project administrator reset a user of their project only', async () => {
    const created = await t.api<{ id: string }>('POST', '/api/user/addUser', {
      token: kh,
      body: {
        account: 'kh_only',
        password: hash('khonly1'),
        name: '开化专员',
        roleIds: [roleIds.gov_viewer],
      },
    });
    expect(created.code).toBe(0);
    const res = await t.api('POST', '/api/user/resetPasswordByManager', {
      token: kh,
      body: { id: created.value.id, newPassword: hash('khonly2') },
    });
    expect(res.code).toBe(0);
  });
});
