import { useState } from 'react';
import { AppMain } from './AppMain.tsx';
import { useAppStore } from './appStore.ts';
import { Navbar } from './navbar/Navbar.tsx';
import { Settings } from './Settings.tsx';
import { useSettings } from './settingsStore.ts';
import { Sidebar } from './sidebar/Sidebar.tsx';
import { TagsView } from './tabs/TagsView.tsx';
import { useResponsive } from './useResponsive.ts';
import './layout.css';

/** Sidebar | header (navbar + tabs, optionally fixed) | main | settings panel. */
export function Layout() {
  useResponsive();
  const { sidebarOpened, withoutAnimation, device, closeSidebar } = useAppStore();
  const { tagsView, fixedHeader, showSettings } = useSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const classes = [
    'pg-layout',
    sidebarOpened ? 'pg-open' : 'pg-collapsed',
    withoutAnimation ? 'pg-no-animation' : '',
    device === 'mobile' ? 'pg-mobile' : 'pg-desktop',
    fixedHeader ? 'pg-fixed-header' : '',
    tagsView ? 'pg-has-tags' : '',
  ];
  return (
    <div className={classes.join(' ')} data-device={device} data-sidebar={sidebarOpened ? 'open' : 'closed'}>
      {device === 'mobile' && sidebarOpened && (
        // A click-away area over the page; the sidebar's own links stay keyboard-reachable.
        <div className="pg-backdrop" data-testid="sidebar-backdrop" onClick={() => closeSidebar(false)} />
      )}
      <Sidebar />
      <div className="pg-main-container">
        <header className="pg-header">
          {/* The settings gear sits in the navbar: a floating handle covered content (issue 29). */}
          <Navbar onOpenSettings={showSettings ? () => setSettingsOpen(true) : undefined} />
          {tagsView && <TagsView />}
        </header>
        <AppMain />
      </div>
      <Settings open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
