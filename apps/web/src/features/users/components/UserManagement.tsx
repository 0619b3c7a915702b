import { PlusOutlined } from '@ant-design/icons';
import { type ProjectTreeNode, type UserListItem, type UserStatus, userStatuses } from '@pineguard/contract';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  type TableColumnsType,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { useState } from 'react';
import { fitWidth } from '../../../shared/ui/fitWidth.ts';
import { useLangStore } from '../../../locales/index.ts';
import { roleName } from '../../../shared/builtinNames.ts';
import { useListState } from '../../../shared/listState.ts';
import { SearchForm } from '../../../shared/ui/SearchForm.tsx';
import { useIsSuperAdmin } from '../../../shared/permissions.ts';
import { useSession } from '../../../shared/session.ts';
import {
  useDeleteUser,
  useProjectRoles,
  useProjectTree,
  useRemoveUserRole,
  useResetPassword,
  useUserList,
} from '../api.ts';
import { useMemberSections } from '../../projects/api.ts';
import { userActions } from '../access.ts';
import { useUsersT } from '../messages.ts';
import { SetPasswordDialog } from './SetPasswordDialog.tsx';
import { colWidth } from '../../../shared/ui/tableColumns.ts';
import { StatusTag } from './StatusTag.tsx';
import { UserFormDialog } from './UserFormDialog.tsx';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';

type Filters = { keyword?: string; roleId?: number; status?: UserStatus; prjCode?: string };

type TreeItem = { value: string; title: string; selectable: boolean; children?: TreeItem[] };

function toTreeData(nodes: ProjectTreeNode[]): TreeItem[] {
  return nodes.map((n) => ({
    value: n.type === 'project' ? n.value : `area:${n.value}`,
    title: n.type === 'project' ? `${n.label}（${n.value}）` : n.label,
    selectable: n.type === 'project',
    children: n.children ? toTreeData(n.children) : undefined,
  }));
}

/**
 * User management of the selected project (/users/userList, /system/accountList), or, with
 * `allProjects`, every user of the platform with a project filter (super administrators).
 */
export function UserManagement({ allProjects = false }: { allProjects?: boolean }) {
  const t = useUsersT();
  const lang = useLangStore((s) => s.lang);
  const { modal, message } = App.useApp();
  const permissions = useSession((s) => s.info?.permissions);
  const project = useSession((s) => s.project);
  const myAccount = useSession((s) => s.info?.account);
  const superAdmin = useIsSuperAdmin();
  const state = useListState<Filters>({});
  const list = useUserList(state.input);
  const roles = useProjectRoles();
  const tree = useProjectTree(allProjects);
  const remove = useDeleteUser();
  const reset = useResetPassword();
  const removeRole = useRemoveUserRole();
  const [dialog, setDialog] = useState<{ user: UserListItem | null } | null>(null);
  const [passwordFor, setPasswordFor] = useState<UserListItem | null>(null);
  const can = userActions(permissions, superAdmin);
  // 标段分配 of the page's users in the selected project (the all-projects list shows roles only).
  const pageIds = allProjects
    ? []
    : (list.data?.list ?? [])
        .filter((u) => u.roles.some((r) => r.projectCode === project?.code))
        .map((u) => u.id);
  const sections = useMemberSections(pageIds, !allProjects && Boolean(project?.code));
  const sectionsOf = (id: string) => sections.data?.find((s) => s.userId === id)?.sectionNames ?? [];
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: roleName(r, lang) }));

  const doReset = async (user: UserListItem) => {
    // The server's message repeats the password: the dialog says it once, copyable.
    const { value } = await reset.mutateAsync(user.id);
    modal.success({
      title: t('resetPassword.title'),
      content: (
        <div data-testid="temporary-password">
          <p>
            {t('resetPassword.tempLabel')}：
            <Typography.Text code copyable={{ text: value.password, tooltips: [t('copy'), t('copied')] }}>
              {value.password}
            </Typography.Text>
          </p>
          <Typography.Text type="secondary">{t('resetPassword.hint')}</Typography.Text>
        </div>
      ),
    });
  };

  const confirmRemoveRole = (user: UserListItem, roleId: number, roleName: string) =>
    modal.confirm({
      title: t('removeRole.confirm', { name: user.name, role: roleName }),
      // A refusal has been shown by the http client; rethrown, it would reach the error log.
      onOk: async () => {
        const result = await removeRole.mutateAsync({ userId: user.id, roleId }).catch(() => null);
        if (result) message.success(result.message);
      },
    });

  const columns: TableColumnsType<UserListItem> = [
    { title: t('col.account'), dataIndex: 'account', key: 'account', width: colWidth.account },
    { title: t('col.name'), dataIndex: 'name', key: 'name', width: colWidth.person },
    {
      title: t('col.phone'),
      dataIndex: 'phone',
      key: 'phone',
      width: colWidth.phone,
      render: (v: string | null) => v ?? '—',
    },
    {
      title: allProjects ? t('col.projectRoles') : t('col.roles'),
      key: 'roles',
      // Tags wrap onto a second line rather than being cut.
      width: allProjects ? 320 : colWidth.roles,
      ellipsis: false,
      render: (_, user) => {
        const rowCan = userActions(permissions, superAdmin, user);
        const shown = allProjects ? user.roles : user.roles.filter((r) => r.projectCode === project?.code);
        return (
          <Space size={[0, 4]} wrap>
            {user.isSuperAdmin && <Tag color="magenta">{t('superAdmin')}</Tag>}
            {shown.map((r) => (
              <Tag
                key={`${r.projectCode}-${r.roleId}`}
                color="processing"
                closable={!allProjects && rowCan.removeRole}
                onClose={(e) => {
                  e.preventDefault();
                  confirmRemoveRole(user, r.roleId, roleName({ name: r.roleName }, lang));
                }}
              >
                {allProjects
                  ? `${r.projectName} · ${roleName({ name: r.roleName }, lang)}`
                  : roleName({ name: r.roleName }, lang)}
              </Tag>
            ))}
          </Space>
        );
      },
    },
    ...(allProjects
      ? []
      : [
          {
            title: t('col.sections'),
            key: 'sections',
            width: 200,
            ellipsis: false,
            render: (_: unknown, user: UserListItem) => {
              const names = sectionsOf(user.id);
              return names.length ? (
                <Space size={[0, 4]} wrap>
                  {names.map((n) => (
                    <Tag key={n}>{n}</Tag>
                  ))}
                </Space>
              ) : (
                '—'
              );
            },
          },
        ]),
    {
      title: t('col.status'),
      dataIndex: 'status',
      key: 'status',
      width: colWidth.status,
      render: (s: UserStatus, user) =>
        user.statusReason ? (
          <span title={user.statusReason}>
            <StatusTag status={s} />
          </span>
        ) : (
          <StatusTag status={s} />
        ),
    },
    {
      title: t('col.created'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: colWidth.dateTime,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 270,
      render: (_, user) => {
        const rowCan = userActions(permissions, superAdmin, user, user.account === myAccount);
        return (
          <Space size={0} wrap>
            {rowCan.edit && (
              <Button type="link" size="small" onClick={() => setDialog({ user })}>
                {t('edit')}
              </Button>
            )}
            {rowCan.resetPassword && (
              <Popconfirm
                title={t('resetPassword.confirm', { name: user.name })}
                onConfirm={() => doReset(user).catch(() => {})}
              >
                <Button type="link" size="small">
                  {t('resetPassword')}
                </Button>
              </Popconfirm>
            )}
            {rowCan.setPassword && (
              <Button type="link" size="small" onClick={() => setPasswordFor(user)}>
                {t('setPassword')}
              </Button>
            )}
            {rowCan.remove && (
              <ConfirmAction
                title={t('delete.confirm', { name: user.name })}
                label={t('delete')}
                danger
                run={() => remove.mutateAsync(user.id)}
              />
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card data-testid="user-management">
      <SearchForm
        list={state}
        extra={
          can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ user: null })}>
              {t('add')}
            </Button>
          )
        }
      >
        <Form.Item name="keyword">
          <Input
            allowClear
            placeholder={t('filter.keyword')}
            style={{ width: fitWidth(t('filter.keyword'), 200) }}
            maxLength={50}
          />
        </Form.Item>
        {allProjects ? (
          <Form.Item name="prjCode">
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              placeholder={t('filter.project')}
              style={{ width: fitWidth(t('filter.project'), 220) }}
              treeDefaultExpandAll
              loading={tree.isLoading}
              treeData={toTreeData(tree.data ?? [])}
            />
          </Form.Item>
        ) : (
          <Form.Item name="roleId">
            <Select
              allowClear
              placeholder={t('filter.role')}
              aria-label={t('filter.role')}
              style={{ width: fitWidth(t('filter.role'), 160) }}
              options={roleOptions}
            />
          </Form.Item>
        )}
        <Form.Item name="status">
          <Select
            allowClear
            placeholder={t('filter.status')}
            aria-label={t('filter.status')}
            style={{ width: fitWidth(t('filter.status'), 120) }}
            options={userStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Form.Item>
      </SearchForm>
      <PagedTable<UserListItem>
        rowKey="id"
        columns={columns}
        query={list}
        page={state}
        onPage={state.setPage}
        emptyText={t('empty')}
      />
      <UserFormDialog
        open={dialog !== null}
        user={dialog?.user ?? null}
        roles={roles.data ?? []}
        projectCode={project?.code}
        editRoles={!allProjects || dialog?.user === null}
        onClose={() => setDialog(null)}
      />
      <SetPasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />
    </Card>
  );
}
