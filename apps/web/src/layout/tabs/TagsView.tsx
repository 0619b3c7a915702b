import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useHandleMatches } from '../../app/routeHandle.ts';
import { homePath } from '../../app/routeTable.ts';
import { isMessageKey, useT } from '../../locales/index.ts';
import { nextAfterClose, type VisitedView } from './tabsRules.ts';
import { useTabs, visit } from './tabsStore.ts';

export function TagsView() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const matches = useHandleMatches();
  const { visitedViews, delView, delOthers, delAll, delCachedView } = useTabs();
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const leaf = matches.at(-1)?.handle;
  const bar = useRef<HTMLDivElement>(null);

  // The active tab is always in view, however many tabs are open.
  useEffect(() => {
    const active = bar.current?.querySelector<HTMLElement>('.pg-tag-active');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, visitedViews.length]);

  // The mouse wheel scrolls the bar sideways (a vertical wheel has nothing else to do here).
  useEffect(() => {
    const el = bar.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (el.scrollWidth <= el.clientWidth) return;
      e.preventDefault();
      el.scrollLeft += e.deltaY || e.deltaX;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  // The current page's tab; later navigations are recorded by the router subscription.
  useEffect(() => {
    visit(pathname, search, leaf && { ...leaf.meta, name: leaf.name });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on mount
  }, []);

  const refresh = (view: VisitedView) => {
    delCachedView(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  };
  const close = (view: VisitedView) => {
    if (view.affix) return;
    delView(view.path);
    if (view.path === pathname) navigate(nextAfterClose(useTabs.getState().visitedViews, view));
  };
  const closeOthers = (view: VisitedView) => {
    delOthers(view.path);
    if (view.path !== pathname) navigate(view.fullPath);
  };
  const closeAll = (view: VisitedView) => {
    delAll();
    const remaining = useTabs.getState().visitedViews;
    if (remaining.some((v) => v.path === view.path && v.path === pathname)) return;
    navigate(remaining.at(-1)?.fullPath ?? homePath);
  };

  return (
    <div className="pg-tags" data-testid="tabs" ref={bar}>
      {visitedViews.map((view) => {
        const active = view.path === pathname;
        const title = isMessageKey(view.title) ? t(view.title) : view.title;
        return (
          <Dropdown
            key={view.path}
            // antd's context-menu trigger closes on an outside click and on scroll by itself.
            trigger={['contextMenu']}
            open={menuFor === view.path}
            onOpenChange={(open) => setMenuFor(open ? view.path : null)}
            menu={{
              items: [
                { key: 'refresh', label: t('tabs.refresh') },
                { key: 'close', label: t('tabs.close'), disabled: view.affix },
                { key: 'others', label: t('tabs.closeOthers') },
                { key: 'all', label: t('tabs.closeAll') },
              ],
              onClick: ({ key }) => {
                setMenuFor(null);
                if (key === 'refresh') refresh(view);
                if (key === 'close') close(view);
                if (key === 'others') closeOthers(view);
                if (key === 'all') closeAll(view);
              },
            }}
          >
            <Link
              to={view.fullPath}
              className={`pg-tag${active ? ' pg-tag-active' : ''}`}
              data-path={view.path}
              aria-current={active ? 'page' : undefined}
              onAuxClick={(e) => {
                // Middle-click closes a closable tab.
                if (e.button === 1) {
                  e.preventDefault();
                  close(view);
                }
              }}
              onMouseDown={(e) => {
                if (e.button === 1) e.preventDefault();
              }}
            >
              {title}
              {!view.affix && (
                <button
                  type="button"
                  className="pg-tag-close"
                  aria-label={`${t('tabs.close')} ${title}`}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    close(view);
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </Link>
          </Dropdown>
        );
      })}
    </div>
  );
}
