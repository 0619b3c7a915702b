import { Tabs } from 'antd';
import { AuditLog } from '../../features/audit/components/AuditLog.tsx';
import { UserManagement } from '../../features/users/components/UserManagement.tsx';
import { featureMessages } from '../../shared/featureT.ts';
import { useCan } from '../../shared/permissions.ts';

const { useT } = featureMessages(
  { accounts: '账号管理', audit: '操作日志' },
  { accounts: 'Accounts', audit: 'Audit log' },
);

/** /system/accountList: the user-management component of /users/userList, plus the audit log. */
export default function AccountListScreen() {
  const t = useT();
  const can = useCan();
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'accounts', label: t('accounts'), children: <UserManagement /> },
        ...(can('users.manage') ? [{ key: 'audit', label: t('audit'), children: <AuditLog /> }] : []),
      ]}
    />
  );
}
