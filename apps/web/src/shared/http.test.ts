import type { ModalFuncProps } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLangStore } from '../locales/index.ts';
import { bindFeedback } from './feedback.ts';
import { ApiError, api, call, download, fileNameFrom, http } from './http.ts';
import { useSession } from './session.ts';

const error = vi.fn();
const confirm = vi.fn<(props: ModalFuncProps) => unknown>();

function respond(body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const fetchMock = vi.fn(
    async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { headers }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  error.mockReset();
  confirm.mockReset();
  bindFeedback({ error } as unknown as MessageInstance, { confirm });
  useSession.setState({ token: '' });
  useLangStore.setState({ lang: 'zh-CN' });
});
afterEach(() => vi.unstubAllGlobals());

describe('http client', () => {
  it('sends the token and language headers and resolves with value', async () => {
    const fetchMock = respond({ code: 0, message: 'ok', value: { a: 1 } });
    useSession.setState({ token: 'T1' });
    await expect(http.get('/api/x', { params: { q: 'a b', skip: undefined } })).resolves.toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x?q=a+b');
    expect(init.headers).toMatchObject({ token: 'T1', lang: 'zh-CN' });
  });

  it('leaves the token header out when signed out', async () => {
    const fetchMock = respond({ code: 0, message: 'ok', value: null });
    await http.post('/api/y', { a: 1 });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).not.toHaveProperty('token');
  });

  it('shows a non-zero code message for 5 s and fails with the code and fields', async () => {
    respond({
      code: 40000,
      message: '参数校验失败',
      value: { fields: [{ field: 'name', message: '太长' }] },
    });
    const failure = await http.post('/api/z', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 40000, fields: [{ field: 'name', message: '太长' }] });
    expect(error).toHaveBeenCalledWith('参数校验失败', 5);
    expect(confirm).not.toHaveBeenCalled();
  });

  it("falls back to 'Error' for an empty message", async () => {
    respond({ code: 40400, message: '', value: null });
    await expect(http.get('/api/none')).rejects.toThrow('Error');
    expect(error).toHaveBeenCalledWith('Error', 5);
  });

  it.each([2, 50012, 50014])('offers to log in again after code %i', async (code) => {
    respond({ code, message: '登录已过期', value: null });
    useSession.setState({ token: 'EXPIRED' });
    await expect(http.get('/api/me')).rejects.toBeInstanceOf(ApiError);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]?.[0]).toMatchObject({
      content: '您已被登出，可以取消继续留在该页面，或者重新登录',
      okText: '重新登录',
    });
    // Close it so the next case may open one again.
    confirm.mock.calls[0]?.[0].afterClose?.();
  });

  it('says nothing when a call made after signing out is refused (kept-alive pages)', async () => {
    respond({ code: 2, message: '未登录或登录已失效，请重新登录', value: null });
    await expect(http.post('/api/user/userList', {})).rejects.toMatchObject({ code: 2 });
    expect(error).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('never offers to log in again on the login page', async () => {
    respond({ code: 50014, message: '登录已过期', value: null });
    useSession.setState({ token: 'STALE' });
    history.replaceState(null, '', '/login?redirect=%2FuserList');
    try {
      await expect(http.get('/api/user/self')).rejects.toMatchObject({ code: 50014 });
      expect(confirm).not.toHaveBeenCalled();
    } finally {
      history.replaceState(null, '', '/');
    }
  });

  it('stays quiet when the caller reports failures itself', async () => {
    respond({ code: 50014, message: 'x', value: null });
    await expect(http.get('/api/self', { silent: true })).rejects.toMatchObject({ code: 50014 });
    expect(error).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('shows network errors for 5 s but not time-outs', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(http.get('/api/a')).rejects.toMatchObject({ code: -1, timeout: false });
    expect(error).toHaveBeenCalledWith('Failed to fetch', 5);

    error.mockReset();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new DOMException('timed out', 'TimeoutError'))),
    );
    await expect(http.get('/api/b')).rejects.toMatchObject({ timeout: true });
    expect(error).not.toHaveBeenCalled();
  });

  it('passes spreadsheet answers through untouched', async () => {
    respond('PK-bytes', {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const { value } = await call<Blob>('POST', '/api/export');
    // The Blob comes from fetch's realm, not jsdom's: compare by content.
    expect(value.type).toContain('spreadsheetml');
    expect(await value.text()).toBe('PK-bytes');
  });

  it('names downloads from the named header, else Content-Disposition', async () => {
    respond('zip', {
      'content-type': 'application/zip',
      filenamevue: encodeURIComponent('二维码.zip'),
      'content-disposition': 'attachment; filename="other.zip"',
    });
    await expect(
      download('POST', '/api/qrInfo/export', { fileNameHeader: 'filenamevue' }),
    ).resolves.toMatchObject({
      fileName: '二维码.zip',
    });
  });
});

describe('fileNameFrom', () => {
  it('reads RFC 5987 and plain file names', () => {
    const h = (v: string) => new Headers({ 'content-disposition': v });
    expect(fileNameFrom(h(`attachment; filename*=UTF-8''%E5%AF%BC%E5%87%BA.xlsx`))).toBe('导出.xlsx');
    expect(fileNameFrom(h('attachment; filename="a b.xlsx"'))).toBe('a b.xlsx');
    expect(fileNameFrom(new Headers())).toBeNull();
  });
});

it('reads an envelope even when the server forgets the JSON content type', async () => {
  respond({ code: 50014, message: '登录已过期，请重新登录', value: null }, { 'content-type': 'text/plain' });
  useSession.setState({ token: 'EXPIRED' });
  await expect(http.get('/api/user/selfInfo')).rejects.toMatchObject({ code: 50014 });
  expect(confirm).toHaveBeenCalled();
  confirm.mock.calls[0]?.[0].afterClose?.();
});

describe('api (typed by the contract endpoint map)', () => {
  it('sends a POST input as the JSON body and resolves with value and message', async () => {
    const fetchMock = respond({ code: 0, message: '已保存', value: { list: [], total: 0 } });
    await expect(api.call('POST /api/user/userList', { pageNum: 2, pageSize: 10 })).resolves.toEqual({
      value: { list: [], total: 0 },
      message: '已保存',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/userList');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ pageNum: 2, pageSize: 10 });
  });

  it('sends GET and DELETE inputs as the query string, and nothing for calls without input', async () => {
    const fetchMock = respond({ code: 0, message: 'ok', value: null });
    await api.value('DELETE /api/user/delUserRoleRecord', { userId: 'u1', roleId: 3 });
    await api.value('GET /api/menu/list');
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]?.[0]).toBe('/api/user/delUserRoleRecord?userId=u1&roleId=3');
    expect(calls[0]?.[1]).toMatchObject({ method: 'DELETE', body: undefined });
    expect(calls[1]?.[0]).toBe('/api/menu/list');
  });

  it('refuses, at compile time, a body that does not fit the contract', () => {
    // Never called: `tsc -p apps/web` checks these lines.
    const _unused = () => {
      // @ts-expect-error a misspelt field is not part of userListBody
      void api.call('POST /api/user/userList', { pageNum: 1, keywrd: 'x' });
      // @ts-expect-error roleIds is required by addUserBody
      void api.call('POST /api/user/addUser', { account: 'a', password: 'p', name: 'n' });
      // @ts-expect-error an unknown endpoint
      void api.call('POST /api/user/nowhere', {});
    };
    expect(typeof _unused).toBe('function');
  });
});
