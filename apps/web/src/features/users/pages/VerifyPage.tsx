import type { UserListItem } from '@pineguard/contract';
import { Alert, App, Button, Card, Form, Input, Modal, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { fitWidth } from '../../../shared/ui/fitWidth.ts';
import { useLangStore, useT } from '../../../locales/index.ts';
import { roleName } from '../../../shared/builtinNames.ts';
import { useSession } from '../../../shared/session.ts';
import { canReview } from '../access.ts';
import { useVerify, useVerifyList } from '../api.ts';
import { StatusTag } from '../components/StatusTag.tsx';
import { useUsersT } from '../messages.ts';
import { userRules } from '../rules.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { useListState } from '../../../shared/listState.ts';
import { SearchForm } from '../../../shared/ui/SearchForm.tsx';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';
import { colWidth } from '../../../shared/ui/tableColumns.ts';

/** /users/verifyPage: registrations waiting for review; approve, or reject with a reason. */
export default function VerifyPage() {
  const t = useUsersT();
  const lang = useLangStore((s) => s.lang);
  const tc = useT();
  const { message } = App.useApp();
  const permissions = useSession((s) => s.info?.permissions);
  const mayReview = canReview(permissions);
  const state = useListState<{ keyword?: string }>({});
  const list = useVerifyList(state.input);
  const verify = useVerify();
  const [rejecting, setRejecting] = useState<UserListItem | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const reject = async () => {
    if (!rejecting) return;
    const { reason } = await form.validateFields();
    const result = await verify.mutateAsync({ userId: rejecting.id, approve: false, reason: reason.trim() });
    message.success(result.message);
    setRejecting(null);
  };

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
      title: t('col.roles'),
      key: 'roles',
      width: colWidth.roles,
      ellipsis: false,
      render: (_, u) =>
        u.roles.map((r) => (
          <Tag key={`${r.projectCode}-${r.roleId}`}>{roleName({ name: r.roleName }, lang)}</Tag>
        )),
    },
    {
      title: t('col.status'),
      dataIndex: 'status',
      key: 'status',
      width: colWidth.status,
      render: (s: UserListItem['status']) => <StatusTag status={s} />,
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
      width: 180,
      render: (_, user) =>
        mayReview && (
          <Space size={0}>
            <ConfirmAction
              title={t('verify.approveConfirm', { name: user.name })}
              label={t('verify.approve')}
              run={() => verify.mutateAsync({ userId: user.id, approve: true, reason: '' })}
            />
            <Button
              type="link"
              size="small"
              danger
              onClick={() => {
                form.resetFields();
                setRejecting(user);
              }}
            >
              {t('verify.reject')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <Card>
      <Alert type="info" showIcon title={t('verify.intro')} style={{ marginBottom: 16 }} />
      <SearchForm list={state}>
        <Form.Item name="keyword">
          <Input
            allowClear
            placeholder={t('filter.keyword')}
            style={{ width: fitWidth(t('filter.keyword'), 260) }}
            maxLength={50}
          />
        </Form.Item>
      </SearchForm>
      <PagedTable<UserListItem>
        rowKey="id"
        columns={columns}
        query={list}
        page={state}
        onPage={state.setPage}
        emptyText={t('verify.empty')}
      />
      <Modal
        open={rejecting !== null}
        title={t('verify.rejectTitle', { name: rejecting?.name ?? '' })}
        okText={t('verify.reject')}
        okButtonProps={{ danger: true }}
        cancelText={tc('common.cancel')}
        confirmLoading={verify.isPending}
        onOk={() => reject().catch(() => {})}
        onCancel={() => setRejecting(null)}
        forceRender
      >
        <Form form={form} layout="vertical" name="reject-user">
          <Form.Item name="reason" label={t('verify.reason')} rules={userRules.reason(t)}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
