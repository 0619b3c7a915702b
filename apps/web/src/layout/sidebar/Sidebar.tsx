import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useHandleMatches } from '../../app/routeHandle.ts';
import { useAppTitle } from '../../shared/appTitle.ts';
import { activeMenus, useSession } from '../../shared/session.ts';
import { menuIcon } from '../../shared/ui/menuIcon.tsx';
import { useAppStore } from '../appStore.ts';
import { useSettings } from '../settingsStore.ts';
import { openGroups, type SidebarItem, toSidebarItems } from './sidebarItems.ts';

type AntItem = Required<MenuProps>['items'][number];

function toAntItems(items: SidebarItem[]): AntItem[] {
  return items.map((item) => {
    const icon = menuIcon(item.icon);
    if (item.children) {
      return { key: item.key, icon, label: item.title, children: toAntItems(item.children) };
    }
    const label = item.external ? (
      <a key={item.key} href={item.key} target="_blank" rel="noopener">
        {item.title}
      </a>
    ) : (
      <Link key={item.key} to={item.key}>
        {item.title}
      </Link>
    );
    return { key: item.key, icon, label, title: item.title };
  });
}

/** The sidebar (210 px) from the server's menus: project menus, or system menus by the flag. */
export function Sidebar() {
  const { pathname } = useLocation();
  const matches = useHandleMatches();
  const info = useSession((s) => s.info);
  const menuFlag = useSession((s) => s.menuFlag);
  const projectCode = useSession((s) => s.project?.code);
  const { sidebarOpened, device } = useAppStore();
  const sidebarLogo = useSettings((s) => s.sidebarLogo);
  const title = useAppTitle();

  const items = useMemo(
    () => toSidebarItems(activeMenus(info, menuFlag), { projectCode }),
    [info, menuFlag, projectCode],
  );
  const activeMenu = matches.findLast((m) => m.handle.meta.activeMenu)?.handle.meta.activeMenu;
  const selected = activeMenu ?? pathname;
  const collapsed = !sidebarOpened && device !== 'mobile';
  const [open, setOpen] = useState(() => openGroups(undefined, items, selected));
  // Arriving at another item, or the menus arriving, opens the groups leading to the item; groups
  // the user opened stay open.
  const next = openGroups(open, items, selected);
  if (next !== open) setOpen(next);

  return (
    <aside className="pg-sidebar" data-testid="sidebar">
      {sidebarLogo && (
        <div className="pg-logo">
          <img src="/favicon.svg" alt="" />
          {!collapsed && <span>{title}</span>}
        </div>
      )}
      <Menu
        mode="inline"
        theme="dark"
        inlineCollapsed={collapsed}
        items={toAntItems(items)}
        selectedKeys={[selected]}
        openKeys={collapsed ? undefined : open.keys}
        // While collapsed antd reports the pop-ups closing; the groups open before collapsing
        // stay remembered and open again on expanding.
        onOpenChange={(keys) => !collapsed && setOpen({ selected, items, keys })}
        style={{ background: 'transparent' }}
      />
    </aside>
  );
}
