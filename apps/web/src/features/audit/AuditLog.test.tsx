import type { AuditItem } from '@pineguard/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useLangStore } from '../../locales/index.ts';
import { envelopeResponse } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AuditLog } from './components/AuditLog.tsx';
import { auditChanges, auditSentence } from './sentence.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => useLangStore.setState({ lang: 'zh-CN' }));
});

const base = {
  at: '2026-11-20T02:03:04.000Z',
  actorName: '周建国',
  actorAccount: 'demo_admin',
  projectCode: 'KH2026',
  before: null,
  after: null,
};
const rows: AuditItem[] = [
  {
    ...base,
    id: 3,
    action: 'resetPassword',
    entity: 'user',
    entityId: 'u1',
    summary: 'qa_tester 测试员',
    params: { name: '测试员', account: 'qa_tester' },
  },
  {
    ...base,
    id: 2,
    action: 'delete',
    entity: 'grant',
    entityId: 'u2',
    summary: 'demo_gov 郑晓燕 政府查看',
    params: { kind: 'role', name: '郑晓燕', account: 'demo_gov', role: '政府查看' },
    before: { roles: ['政府查看'] },
  },
  {
    ...base,
    id: 1,
    action: 'update',
    entity: 'user',
    entityId: 'u3',
    summary: 'demo_bd 余志强',
    params: { name: '余志强', account: 'demo_bd' },
    before: { id: 'u3', account: 'demo_bd', name: '余志强', phone: null, status: 'active', roles: ['监理'] },
    after: { name: '余志强', phone: '13800000000', status: 'disabled', roles: ['标段负责人'] },
  },
];

it('says each action as a Chinese sentence with names, and the changed fields as a before/after table', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelopeResponse({ list: rows, total: rows.length })),
  );
  renderWithProviders(<AuditLog />);
  expect(await screen.findByText('重置了用户 测试员（qa_tester）的密码')).toBeInTheDocument();
  expect(screen.getByText('收回了 郑晓燕（demo_gov）的角色 政府查看')).toBeInTheDocument();
  const log = screen.getByTestId('audit-log');
  expect(log.textContent).not.toMatch(/password reset|role \d/);
  const edited = screen.getByText('修改了用户 余志强（demo_bd）').closest('tr') as HTMLElement;
  fireEvent.click(within(edited).getByRole('button'));
  const changes = await screen.findByTestId('audit-changes');
  const text = changes.textContent ?? '';
  expect(text).toContain('手机号');
  expect(text).toContain('13800000000');
  expect(text).toContain('正常');
  expect(text).toContain('已停用');
  expect(text).toContain('监理');
  expect(text).toContain('标段负责人');
  // Unchanged fields and ids are left out; no raw JSON.
  expect(text).not.toContain('u3');
  expect(text).not.toContain('{');
  expect(within(changes).getAllByRole('row')).toHaveLength(4);
});

it('speaks English when the reader does, and says older rows without params from action and object', async () => {
  act(() => useLangStore.setState({ lang: 'en' }));
  expect(auditSentence(rows[0]!, 'en')).toBe('reset the password of 测试员 (qa_tester)');
  const old: AuditItem = {
    ...base,
    id: 9,
    action: 'delete',
    entity: 'invitation',
    entityId: '7',
    summary: 'ABCD2345',
    params: null,
  };
  expect(auditSentence(old, 'zh-CN')).toBe('删除邀请码：ABCD2345');
  expect(auditSentence(old, 'en')).toBe('Delete invitation code: ABCD2345');
  expect(auditSentence({ ...old, action: 'revoke', params: { code: 'ABCD2345' } }, 'zh-CN')).toBe(
    '作废了邀请码 ABCD2345',
  );
  expect(auditChanges(rows[2]!, 'en').map((c) => c.label)).toEqual(['Phone', 'Status', 'Roles']);
  // Ids never show, whatever their field is called.
  expect(
    auditChanges(
      {
        before: null,
        after: { code: 'ABCD2345', createdBy: 'abe07565-86b1-4b84-97f3-660cffc73b07', uses: 0 },
      },
      'zh-CN',
    ),
  ).toEqual([
    { field: 'code', label: '编码', before: '—', after: 'ABCD2345' },
    { field: 'uses', label: '已用次数', before: '—', after: '0' },
  ]);
});

it('says an anomaly’s resolution with its kind in the reader’s language', () => {
  const row: AuditItem = {
    ...base,
    id: 11,
    action: 'update',
    entity: 'anomaly',
    entityId: 'a1',
    summary: 'burn_late KH-0123456789X',
    params: {
      kind: 'explain',
      anomalyKind: 'burn_late',
      tag: 'KH-0123456789X',
      section: 'KH-BD02',
      note: '雨天延误',
    },
  };
  expect(auditSentence(row, 'zh-CN')).toBe('说明了疑点「超期焚烧」KH-0123456789X（标段 KH-BD02）：雨天延误');
  expect(auditSentence(row, 'en')).toBe(
    'explained the anomaly "Burned after the window" KH-0123456789X (section KH-BD02): 雨天延误',
  );
});
