import type { ProjectTreeNode } from '@pineguard/contract';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../shared/session.ts';
import { envelopeResponse } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import SelectProjectPage from './SelectProjectPage.tsx';

const tree = (...codes: string[]): ProjectTreeNode[] => [
  {
    value: '330824',
    label: '开化县',
    type: 'area',
    children: codes.map((c) => ({ value: c, label: `项目${c}`, type: 'project' })),
  } as ProjectTreeNode,
];

function server(nodes: ProjectTreeNode[]) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/user/userProjectTree')) return envelopeResponse(nodes);
    if (url.startsWith('/api/user/selectProject'))
      return envelopeResponse({ code: 'KH2026', name: '项目KH2026' });
    return envelopeResponse(null, 40400, 'unexpected');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/selectProject', element: <SelectProjectPage /> },
      { path: '*', element: <p>arrived</p> },
    ],
    { initialEntries: [entry] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('/selectProject', () => {
  it('takes a user with exactly one project straight in', async () => {
    useSession.setState({ token: 'T', project: null, noMenus: false });
    const fetchMock = server(tree('KH2026'));
    const router = renderAt('/selectProject?flag=true&redirect=%2Fgistest');
    await waitFor(() => expect(router.state.location.pathname).toBe('/gistest'));
    const chose = fetchMock.mock.calls.find(([u]) => String(u).startsWith('/api/user/selectProject'));
    expect(chose).toBeDefined();
    expect(useSession.getState().project?.code).toBe('KH2026');
  });

  it('lets a user with two projects choose', async () => {
    useSession.setState({ token: 'T', project: null, noMenus: false });
    const fetchMock = server(tree('KH2026', 'JS2026'));
    renderAt('/selectProject?flag=true');
    expect(await screen.findByText('项目JS2026（JS2026）')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/user/selectProject'))).toBe(false);
  });

  it('tells a field-only account plainly where the field app is, without a success toast', async () => {
    useSession.setState({
      token: 'T',
      project: { code: 'KH2026', name: '项目KH2026' } as never,
      noMenus: true,
    });
    server(tree('KH2026'));
    renderAt('/selectProject');
    expect(
      await screen.findByText('此账号在该项目中只用于外业采集 App，没有后台管理菜单。'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/请在手机浏览器中打开外业 App：http:\/\/localhost(:\d+)?\/m\//),
    ).toBeInTheDocument();
    expect(screen.queryByText(/已切换到项目/)).not.toBeInTheDocument();
  });
});
