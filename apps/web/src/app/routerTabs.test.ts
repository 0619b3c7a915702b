import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTabs } from '../layout/tabs/tabsStore.ts';
import { useSession } from '../shared/session.ts';
import { recordTabs, routes } from './router.tsx';

describe('tabs from navigation', () => {
  it('pages without the layout (/auth-redirect, /login) never become tabs', async () => {
    useSession.setState({ token: '' });
    const before = useTabs.getState().visitedViews.map((v) => v.path);
    const router = createMemoryRouter(routes, { initialEntries: ['/login'] });
    const stop = recordTabs(router);
    await router.navigate('/auth-redirect');
    expect(router.state.location.pathname).toBe('/auth-redirect');
    expect(useTabs.getState().visitedViews.map((v) => v.path)).toEqual(before);
    stop();
    router.dispose();
  });
});
