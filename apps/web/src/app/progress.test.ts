import NProgress from 'nprogress';
import { createMemoryRouter, redirect } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../shared/session.ts';
import { guardLoader } from './router.tsx';
import { trackProgress } from './progress.ts';

const idle = (router: ReturnType<typeof createMemoryRouter>) =>
  new Promise<void>((resolve) => {
    const check = () =>
      router.state.initialized &&
      router.state.navigation.state === 'idle' &&
      router.state.revalidation === 'idle';
    if (check()) return resolve();
    const stop = router.subscribe(() => {
      if (check()) {
        stop();
        resolve();
      }
    });
  });

// done() fades the bar out on timers and then removes it: wait for that here, or the timer fires
// after jsdom's document is gone and fails the run with "document is not defined".
afterEach(async () => {
  NProgress.done();
  await vi.waitFor(() => expect(document.getElementById('nprogress')).toBeNull(), { timeout: 5_000 });
});

describe('navigation progress bar', () => {
  it('finishes after the first load, a redirected navigation, a failed one and a revalidation', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: async () => null,
          children: [
            { path: 'a', loader: async () => null, element: null },
            { path: 'old', loader: () => redirect('/a') },
            {
              path: 'broken',
              loader: () => {
                throw new Error('boom');
              },
              ErrorBoundary: () => null,
            },
          ],
        },
      ],
      { initialEntries: ['/a'] },
    );
    const stop = trackProgress(router);
    await idle(router);
    expect(NProgress.isStarted()).toBe(false);
    const going = router.navigate('/old');
    expect(NProgress.isStarted()).toBe(true);
    await going;
    await idle(router);
    expect(router.state.location.pathname).toBe('/a');
    expect(NProgress.isStarted()).toBe(false);
    await router.navigate('/broken');
    await idle(router);
    expect(NProgress.isStarted()).toBe(false);
    await router.revalidate();
    await idle(router);
    expect(NProgress.isStarted()).toBe(false);
    stop();
    router.dispose();
  });

  it('the guard itself never starts the bar (it used to, and only a state change finished it)', async () => {
    useSession.setState({ token: '' });
    NProgress.done();
    await guardLoader({ request: new Request('http://x/login'), params: {}, context: {} } as never);
    expect(NProgress.isStarted()).toBe(false);
  });
});
