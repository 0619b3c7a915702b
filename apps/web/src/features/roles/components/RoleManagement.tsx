import { PlusOutlined } from '@ant-design/icons';
import type { RoleItem } from '@pineguard/contract';
import { Button, Card, Col, Empty, Row, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useLangStore } from '../../../locales/index.ts';
import { roleName } from '../../../shared/builtinNames.ts';
import { useIsSuperAdmin } from '../../../shared/permissions.ts';
import { useSession } from '../../../shared/session.ts';
import { canDeleteRole, canEditRole } from '../access.ts';
import { useDeleteRole, useRoles } from '../api.ts';
import { useRolesT } from '../messages.ts';
import { RoleEditor } from './RoleEditor.tsx';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';

/** Roles of the selected project (platform roles and the project's own) with the editor beside. */
export function RoleManagement() {
  const t = useRolesT();
  const lang = useLangStore((s) => s.lang);
  const permissions = useSession((s) => s.info?.permissions);
  const superAdmin = useIsSuperAdmin();
  const roles = useRoles();
  const remove = useDeleteRole();
  // undefined: nothing open; null: a new role.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const current = roles.data?.find((r) => r.id === editing) ?? null;
  const mayAdd = canEditRole(permissions, superAdmin, null);

  const columns: TableColumnsType<RoleItem> = [
    {
      title: t('col.name'),
      dataIndex: 'name',
      key: 'name',
      render: (_: string, r) => (
        <Space size={4} wrap>
          {roleName(r, lang)}
          {r.builtIn && <Tag color="gold">{t('builtIn')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('col.scope'),
      key: 'scope',
      render: (_, r) => (r.projectCode ? t('scope.project') : t('scope.platform')),
    },
    { title: t('col.users'), dataIndex: 'userCount', key: 'userCount', width: 80 },
    {
      title: t('col.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r.id)}>
            {canEditRole(permissions, superAdmin, r) ? t('edit') : t('view')}
          </Button>
          {canDeleteRole(permissions, superAdmin, r) && (
            <ConfirmAction
              title={
                r.userCount > 0
                  ? t('delete.inUse', { count: r.userCount })
                  : t('delete.confirm', { name: roleName(r, lang) })
              }
              label={t('delete')}
              danger
              disabled={r.userCount > 0}
              run={() => {
                // Close the editor of the role going away before it goes (it would fetch it again).
                if (editing === r.id) setEditing(undefined);
                return remove.mutateAsync(r.id);
              }}
            />
          )}
        </Space>
      ),
    },
  ];

  const title =
    editing === null
      ? t('editor.new')
      : current
        ? t(canEditRole(permissions, superAdmin, current) ? 'editor.edit' : 'editor.view', {
            name: roleName(current, lang),
          })
        : '';

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10}>
        <Card
          title={t('list.title')}
          extra={
            mayAdd && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
                {t('add')}
              </Button>
            )
          }
        >
          <Table<RoleItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={roles.data ?? []}
            loading={roles.isFetching}
            pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            rowClassName={(r) => (r.id === editing ? 'ant-table-row-selected' : '')}
            onRow={(r) => ({ onDoubleClick: () => setEditing(r.id) })}
          />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title={title || t('editor.title')} data-testid="role-editor">
          {editing === undefined ? (
            <Empty description={t('editor.empty')} />
          ) : (
            <RoleEditor
              key={editing ?? 'new'}
              roleId={editing}
              readOnly={!canEditRole(permissions, superAdmin, editing === null ? null : current)}
              canGrantSystem={superAdmin}
              onSaved={(role) => setEditing(role.id)}
              onCancel={() => setEditing(undefined)}
            />
          )}
        </Card>
      </Col>
    </Row>
  );
}
