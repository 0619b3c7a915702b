import { useSession } from '../shared/session.ts';

/** A JSON envelope as the server answers, for a stubbed `fetch`. */
export const envelopeResponse = (value: unknown, code = 0, message = '') =>
  new Response(JSON.stringify({ code, message, value }), { headers: { 'content-type': 'application/json' } });

/** A signed-in session in project KH2026 with these permissions (`isAdmin`: super administrator). */
export function signInWith(permissions: string[], isAdmin = false) {
  useSession.setState({
    project: { code: 'KH2026', name: '开化县项目' } as never,
    info: {
      name: 'x',
      avatar: '',
      introduction: '',
      menus: [],
      sysMenus: [],
      roles: ['admin'],
      permissions,
      isAdmin,
      gis: { gpsLong: null, gpsLat: null },
      account: 'x',
    },
  });
}
