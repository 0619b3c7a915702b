import { Button, Result } from 'antd';
import NProgress from 'nprogress';
import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useRouteError } from 'react-router';
import { useT } from '../locales/index.ts';
import { pageTitle, useAppTitle } from '../shared/appTitle.ts';
import { recordError } from '../shared/errorLog.ts';
import { useHandleMatches } from './routeHandle.ts';

/** Keeps the page title and scrolls to the top after navigation (the progress bar: progress.ts). */
export function RootShell() {
  const { pathname } = useLocation();
  const matches = useHandleMatches();
  const t = useT();
  const app = useAppTitle();
  const titleKey = matches.findLast((m) => m.handle.meta.title)?.handle.meta.title;

  useEffect(() => {
    document.title = pageTitle(titleKey ? t(titleKey) : undefined, app);
  }, [titleKey, t, app]);

  // Scroll to the top whenever the path changes.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return <Outlet />;
}

/** A page that threw: recorded in the error log (production) and shown in place. */
export function RouteError() {
  const error = useRouteError();
  const t = useT();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) recordError(error, `route ${pathname}`);
    NProgress.done();
  }, [error, pathname]);
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <Result
      status="error"
      title={t('errorLog.pageError')}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => location.reload()}>
          {t('tabs.refresh')}
        </Button>
      }
    />
  );
}
