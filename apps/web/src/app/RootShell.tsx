import { Button, Result } from 'antd';
import NProgress from 'nprogress';
import { useEffect } from 'react';
import { isRouteErrorResponse, Outlet, useLocation, useNavigation, useRouteError } from 'react-router';
import { useT } from '../locales/index.ts';
import { pageTitle, useAppTitle } from '../shared/appTitle.ts';
import { recordError } from '../shared/errorLog.ts';
import { useHandleMatches } from './routeHandle.ts';

/** Finishes the progress bar, keeps the page title and scrolls to the top after navigation. */
export function RootShell() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const matches = useHandleMatches();
  const t = useT();
  const app = useAppTitle();
  const titleKey = matches.findLast((m) => m.handle.meta.title)?.handle.meta.title;

  useEffect(() => {
    // Every navigation ends the bar, including redirected and failed ones.
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

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
