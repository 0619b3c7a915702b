import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useHandleMatches } from '../../app/routeHandle.ts';
import { useT } from '../../locales/index.ts';
import { buildBreadcrumb } from '../breadcrumb.ts';

export function Breadcrumb() {
  const t = useT();
  const { pathname } = useLocation();
  const matches = useHandleMatches();
  const [state, setState] = useState(() => ({ pathname, crumbs: buildBreadcrumb(matches) }));
  // Not recomputed on /redirect/*: the refresh must not flash an empty trail.
  if (state.pathname !== pathname && !pathname.startsWith('/redirect/')) {
    setState({ pathname, crumbs: buildBreadcrumb(matches) });
  }
  return (
    <AntBreadcrumb
      className="pg-breadcrumb"
      items={state.crumbs.map((c) => ({
        key: c.key,
        title: c.to ? <Link to={c.to}>{t(c.title)}</Link> : <span>{t(c.title)}</span>,
      }))}
    />
  );
}
