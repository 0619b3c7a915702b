import { UserSwitchOutlined } from '@ant-design/icons';
import type { SelfValue } from '@pineguard/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { useLangStore } from '../../locales/index.ts';
import { roleName } from '../../shared/builtinNames.ts';
import { api } from '../../shared/http.ts';
import { useSession } from '../../shared/session.ts';
import { clearTabs } from '../tabs/tabsStore.ts';

const texts = {
  'zh-CN': { label: '角色', all: '全部角色', confirm: '切换到“{name}”？将重新加载菜单并关闭所有标签页。' },
  en: { label: 'Role', all: 'All roles', confirm: 'Switch to "{name}"? Menus reload and every tab closes.' },
};

type HeldRole = SelfValue['heldRoles'][number];

/** Spec §4 role change: a user with several roles in the project picks the active one. */
export function RoleSwitch() {
  const lang = useLangStore((s) => s.lang);
  const tx = texts[lang];
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const info = useSession((s) => s.info);
  const project = useSession((s) => s.project);
  const enabled = Boolean(info && project && !info.isAdmin);
  const self = useQuery({
    queryKey: ['roleSwitch', 'self', token, project?.code],
    queryFn: () => api.value('GET /api/user/self', undefined, { silent: true }),
    enabled,
  });
  if (!enabled || !self.data) return null;
  const heldRoles = self.data.heldRoles;
  if (heldRoles.length < 2) return null;
  const active = heldRoles.find((r) => r.id === self.data.activeRoleId);

  const switchTo = (role: HeldRole) =>
    modal.confirm({
      title: tx.confirm.replace('{name}', roleName(role, lang)),
      onOk: async () => {
        let result;
        try {
          result = await api.call('POST /api/user/switchRole', { roleId: role.id });
        } catch {
          // The http client has shown the refusal; rethrowing would reach the error log uncaught.
          return;
        }
        clearTabs();
        client.clear();
        // A new token drops the loaded info: the guard reloads it and the menus with it.
        useSession.getState().setToken(result.value.token);
        message.success(result.message);
        navigate('/');
      },
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: active ? [String(active.id)] : [],
        items: heldRoles.map((r) => ({ key: String(r.id), label: roleName(r, lang) })),
        onClick: ({ key }) => {
          const role = heldRoles.find((r) => String(r.id) === key);
          if (role && role.id !== active?.id) switchTo(role);
        },
      }}
    >
      <button
        type="button"
        className="pg-icon-button pg-lang-button"
        data-testid="role-switch"
        title={tx.label}
      >
        <UserSwitchOutlined /> {active ? roleName(active, lang) : tx.all}
      </button>
    </Dropdown>
  );
}
