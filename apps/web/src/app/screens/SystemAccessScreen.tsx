import { Tabs } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { AuditLog } from '../../features/audit/components/AuditLog.tsx';
import { RoleManagement } from '../../features/roles/components/RoleManagement.tsx';
import { UserManagement } from '../../features/users/components/UserManagement.tsx';
import { featureMessages } from '../../shared/featureT.ts';

const { useT } = featureMessages(
  { users: '用户管理', roles: '角色权限', audit: '操作日志' },
  { users: 'Users', roles: 'Role permissions', audit: 'Audit log' },
);

/**
 * /userSys and /roleSys (spec §2): one screen of the system-admin menu. Users of every project
 * (with a project filter), the roles of the selected project, and the audit log; the path
 * picks the first tab.
 */
export default function SystemAccessScreen() {
  const t = useT();
  const { pathname } = useLocation();
  const [active, setActive] = useState(pathname.startsWith('/roleSys') ? 'roles' : 'users');
  return (
    <Tabs
      activeKey={active}
      onChange={setActive}
      destroyOnHidden
      items={[
        { key: 'users', label: t('users'), children: <UserManagement allProjects /> },
        { key: 'roles', label: t('roles'), children: <RoleManagement /> },
        { key: 'audit', label: t('audit'), children: <AuditLog /> },
      ]}
    />
  );
}
