import { PlusOutlined } from '@ant-design/icons';
import type { ProjectMember } from '@pineguard/contract';
import { Button, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { fitWidth } from '../../../shared/ui/fitWidth.ts';
import { useLangStore } from '../../../locales/index.ts';
import { roleName } from '../../../shared/builtinNames.ts';
import { useCan, useIsSuperAdmin } from '../../../shared/permissions.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { useDebounced } from '../../../shared/useDebounced.ts';
import { useManagers, useMembers, useRemoveMember } from '../adminApi.ts';
import { useProjectsT } from '../projectMessages.ts';
import { AddMembersDialog } from './AddMembersDialog.tsx';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';
import { colWidth } from '../../../shared/ui/tableColumns.ts';

/**
 * The people of a project: its administrators, then every member a page at a time. The super
 * administrator adds existing accounts with a role and removes people, in any project; a project
 * administrator manages accounts in user management (linked).
 */
export function ProjectPeople({ project }: { project: { code: string; name: string } }) {
  const t = useProjectsT();
  const lang = useLangStore((s) => s.lang);
  const superAdmin = useIsSuperAdmin();
  const can = useCan();
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const members = useMembers({ prjCode: project.code, ...page, ...(keyword ? { keyword } : {}) });
  const managers = useManagers(project.code);
  const remove = useRemoveMember();
  const [adding, setAdding] = useState(false);

  const columns: TableColumnsType<ProjectMember> = [
    { title: t('people.account'), dataIndex: 'account', key: 'account', width: colWidth.account },
    { title: t('people.name'), dataIndex: 'name', key: 'name', width: colWidth.person },
    { title: t('people.phone'), dataIndex: 'phone', key: 'phone', width: colWidth.phone },
    {
      title: t('people.roles'),
      key: 'roles',
      width: colWidth.roles,
      ellipsis: false,
      render: (_, m) =>
        m.roleNames.map((r, i) => (
          <Tag key={r} color={m.roleCodes[i] === 'project_admin' ? 'processing' : undefined}>
            {roleName({ name: r, code: m.roleCodes[i] }, lang)}
          </Tag>
        )),
    },
    {
      title: t('people.sections'),
      key: 'sections',
      width: 220,
      ellipsis: false,
      render: (_, m) => (m.sectionNames.length ? m.sectionNames.map((n) => <Tag key={n}>{n}</Tag>) : '—'),
    },
    ...(superAdmin
      ? [
          {
            title: t('col.actions'),
            key: 'actions',
            width: 110,
            render: (_: unknown, m: ProjectMember) => (
              <ConfirmAction
                title={t('people.removeConfirm', { name: m.name })}
                label={t('people.remove')}
                danger
                closeOnError
                run={() => remove.mutateAsync({ prjCode: project.code, userId: m.id })}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <div data-testid="project-managers">
        <Typography.Text strong>{t('people.adminsLabel')}</Typography.Text>
        {(managers.data ?? []).map((m) => (
          <Tag key={m.id} color="processing">
            {m.name}（{m.account}）
          </Tag>
        ))}
        {managers.data?.length === 0 && <Typography.Text type="warning">{t('people.none')}</Typography.Text>}
      </div>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('people.search')}
          style={{ width: fitWidth(t('people.search'), 220, 76) }}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
        />
        {superAdmin && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('people.add')}
          </Button>
        )}
        {!superAdmin && can('users.manage') && <Link to="/users/userList">{t('people.manage')}</Link>}
      </Space>
      <PagedTable<ProjectMember>
        data-testid="project-members"
        rowKey="id"
        size="small"
        columns={columns}
        query={members}
        page={page}
        onPage={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        emptyText={t('people.empty')}
        totalText={(total) => t('people.total', { total })}
      />
      {superAdmin && <AddMembersDialog project={project} open={adding} onClose={() => setAdding(false)} />}
    </Space>
  );
}
