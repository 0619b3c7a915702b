import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { limits } from '../shared/config.ts';
import { useAppStore } from './appStore.ts';

function isMobile(): boolean {
  return document.body.getBoundingClientRect().width - 1 < limits.mobileBreakpoint;
}

/**
 * Mobile under 992 px (admin-shell.md "Layout"): checked on start and on resize; becoming
 * mobile closes the sidebar without animation; a route change on mobile closes it too.
 */
export function useResponsive(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const check = () => {
      const mobile = isMobile();
      const { device, setDevice, closeSidebar } = useAppStore.getState();
      if (mobile && device !== 'mobile') closeSidebar(true);
      setDevice(mobile ? 'mobile' : 'desktop');
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);

  // Runs on each route change.
  useEffect(() => {
    const { device, sidebarOpened, closeSidebar } = useAppStore.getState();
    if (device === 'mobile' && sidebarOpened) closeSidebar(false);
  }, [pathname]);
}
