import { DownOutlined } from '@ant-design/icons';
import { App, Dropdown } from 'antd';
import { useState } from 'react';
import { ChangePasswordDialog } from '../../features/auth/ChangePasswordDialog.tsx';
import { ExportRecordsDrawer, useExportsT } from '../../features/exports/index.ts';
import { AddInvitationDialog } from '../../features/invitations/AddInvitationDialog.tsx';
import { ProfileDrawer } from '../../features/profile/ProfileDrawer.tsx';
import { useT } from '../../locales/index.ts';
import { useSession } from '../../shared/session.ts';
import { avatarUrl } from '../../shared/ui/avatar.ts';
import { useSignOut } from '../../shared/useSignOut.ts';

type Open = 'profile' | 'password' | 'invite' | 'exports' | null;

/** Profile, add invitation code, export records, change password, log out (spec §2). */
export function AvatarMenu({ compact }: { compact: boolean }) {
  const t = useT();
  const te = useExportsT();
  const { modal } = App.useApp();
  const info = useSession((s) => s.info);
  const signOut = useSignOut();
  const [open, setOpen] = useState<Open>(null);

  const confirmLogout = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('navbar.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => signOut(),
    });

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'profile', label: t('navbar.profile') },
            { key: 'invite', label: t('navbar.addInvitation') },
            { key: 'exports', label: te('menu') },
            { key: 'password', label: t('navbar.changePassword') },
            { type: 'divider' },
            { key: 'logout', label: t('navbar.logout') },
          ],
          onClick: ({ key }) => (key === 'logout' ? confirmLogout() : setOpen(key as Open)),
        }}
      >
        <button type="button" className="pg-avatar-button" data-testid="avatar-menu">
          <img src={avatarUrl(info?.avatar)} alt="" />
          {!compact && <span>{info?.name}</span>}
          <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
      <ProfileDrawer open={open === 'profile'} onClose={() => setOpen(null)} />
      <ChangePasswordDialog
        open={open === 'password'}
        onClose={() => setOpen(null)}
        onRelogin={() => signOut()}
      />
      <AddInvitationDialog open={open === 'invite'} onClose={() => setOpen(null)} />
      <ExportRecordsDrawer open={open === 'exports'} onClose={() => setOpen(null)} />
    </>
  );
}
