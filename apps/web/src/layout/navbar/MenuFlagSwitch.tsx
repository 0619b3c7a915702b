import { SwapOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../locales/index.ts';
import { useSession } from '../../shared/session.ts';
import type { MenuFlag } from '../../shared/storage.ts';
import { resolvePath, toSidebarItems } from '../sidebar/sidebarItems.ts';

/**
 * Spec §3 menu flag: MENU shows the project's menus, SYS the system-admin menus. Only a super
 * administrator switches; switching opens the first entry of the chosen menus.
 */
export function MenuFlagSwitch() {
  const t = useT();
  const navigate = useNavigate();
  const { info, menuFlag, setMenuFlag, project } = useSession();
  if (!info?.isAdmin) return null;
  const switchTo = (flag: MenuFlag) => {
    if (flag === menuFlag) return;
    setMenuFlag(flag);
    const menus = flag === 'SYS' ? info.sysMenus : info.menus;
    const first = toSidebarItems(menus, { projectCode: project?.code })[0];
    const firstLeaf = first?.children?.[0] ?? first;
    navigate(firstLeaf && !firstLeaf.external ? firstLeaf.key : resolvePath('', '/'));
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [menuFlag],
        items: [
          { key: 'MENU', label: t('navbar.menuFlag.project') },
          { key: 'SYS', label: t('navbar.menuFlag.system') },
        ],
        onClick: ({ key }) => switchTo(key as MenuFlag),
      }}
    >
      <button
        type="button"
        className="pg-icon-button pg-lang-button"
        data-testid="menu-flag"
        title={t('navbar.menuFlag')}
      >
        <SwapOutlined /> {menuFlag === 'SYS' ? t('navbar.menuFlag.system') : t('navbar.menuFlag.project')}
      </button>
    </Dropdown>
  );
}
