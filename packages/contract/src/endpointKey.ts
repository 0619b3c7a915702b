/**
 * `'POST /api/user/userList'` → `['POST', '/api/user/userList']`. In a file of its own, without
 * zod, so the web's http client does not pull every schema of the endpoint map into the first
 * page it loads (the map is used for its types only).
 */
export function splitEndpoint(key: string): { method: 'GET' | 'POST' | 'DELETE'; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as 'GET' | 'POST' | 'DELETE', path: key.slice(space + 1) };
}
