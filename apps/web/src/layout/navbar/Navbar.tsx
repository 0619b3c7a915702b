import { MenuFoldOutlined, MenuUnfoldOutlined, ProjectOutlined, SettingOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { NoticeBell } from '../../features/notices/NoticeBell.tsx';
import { useT } from '../../locales/index.ts';
import { useSession } from '../../shared/session.ts';
import { LangSwitch } from '../../shared/ui/LangSwitch.tsx';
import { useAppStore } from '../appStore.ts';
import { AvatarMenu } from './AvatarMenu.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { ErrorLog } from './ErrorLog.tsx';
import { MenuFlagSwitch } from './MenuFlagSwitch.tsx';
import { RoleSwitch } from './RoleSwitch.tsx';
import { Screenfull } from './Screenfull.tsx';
import { SizeSelect } from './SizeSelect.tsx';

/** `onOpenSettings`: the layout settings gear (left out when the settings are turned off). */
export function Navbar({ onOpenSettings }: { onOpenSettings?: (() => void) | undefined } = {}) {
  const t = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { pathname, search } = useLocation();
  const { sidebarOpened, toggleSidebar, device } = useAppStore();
  const desktop = device === 'desktop';

  const selectProject = () =>
    navigate(`/selectProject?${new URLSearchParams({ flag: 'false', redirect: pathname + search })}`);

  // Menu titles come from the server in the UI language: reload them after a switch.
  const reloadTexts = () => {
    useSession.getState().invalidateInfo();
    void revalidator.revalidate();
  };

  return (
    <div className="pg-navbar">
      <button
        type="button"
        className="pg-hamburger"
        data-testid="hamburger"
        aria-label={t('navbar.toggleSidebar')}
        aria-expanded={sidebarOpened}
        onClick={toggleSidebar}
      >
        {sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <Breadcrumb />
      <div className="pg-right-menu">
        {desktop && <ErrorLog />}
        {desktop && <Screenfull />}
        {desktop && <SizeSelect />}
        <button
          type="button"
          className="pg-icon-button"
          data-testid="select-project"
          title={t('navbar.selectProject')}
          aria-label={t('navbar.selectProject')}
          onClick={selectProject}
        >
          <ProjectOutlined />
        </button>
        <NoticeBell />
        {desktop && <MenuFlagSwitch />}
        <RoleSwitch />
        <LangSwitch className="pg-icon-button pg-lang-button" onChange={reloadTexts} />
        {onOpenSettings && (
          <button
            type="button"
            className="pg-icon-button"
            data-testid="open-settings"
            title={t('settings.title')}
            aria-label={t('settings.title')}
            onClick={onOpenSettings}
          >
            <SettingOutlined />
          </button>
        )}
        <AvatarMenu compact={!desktop} />
      </div>
    </div>
  );
}
