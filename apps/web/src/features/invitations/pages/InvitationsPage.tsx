import { PlusOutlined } from '@ant-design/icons';
import type { InviteItem } from '@pineguard/contract';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  InputNumber,
  Modal,
  Select,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useLangStore, useT } from '../../../locales/index.ts';
import { roleName } from '../../../shared/builtinNames.ts';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useCan } from '../../../shared/permissions.ts';
import { useInsertInvite, useInvites, useInviteRoles, useRevokeInvite } from '../invitationsApi.ts';
import { useInvitesT } from '../messages.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { useListState } from '../../../shared/listState.ts';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.tsx';
import { colWidth } from '../../../shared/ui/tableColumns.ts';

type Values = { roleId: number; expiresAt?: Dayjs | null; maxUses?: number | null };

/** /users/userInvitation: the project's invitation codes; generate and revoke. */
export default function InvitationsPage() {
  const t = useInvitesT();
  const lang = useLangStore((s) => s.lang);
  const tc = useT();
  const { modal } = App.useApp();
  const can = useCan();
  const manage = can('invitations.manage');
  const state = useListState({});
  const list = useInvites(state.input);
  const roles = useInviteRoles();
  const insert = useInsertInvite();
  const revoke = useRevokeInvite();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();

  const copyable = (code: string) => ({ text: code, tooltips: [t('copy'), t('copied')] });

  const submit = async () => {
    const v = await form.validateFields();
    try {
      const result = await insert.mutateAsync({
        roleId: v.roleId,
        expiresAt: v.expiresAt ? v.expiresAt.toISOString() : null,
        maxUses: v.maxUses ?? null,
      });
      setOpen(false);
      modal.success({
        title: result.message || t('created', { code: result.value.code }),
        content: (
          <Typography.Text
            code
            copyable={copyable(result.value.code)}
            style={{ fontSize: 20 }}
            data-testid="new-invite-code"
          >
            {result.value.code}
          </Typography.Text>
        ),
      });
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  const columns: TableColumnsType<InviteItem> = [
    {
      title: t('col.code'),
      dataIndex: 'code',
      key: 'code',
      width: colWidth.code,
      render: (code: string) => (
        <Typography.Text code copyable={copyable(code)} style={{ fontFamily: 'monospace' }}>
          {code}
        </Typography.Text>
      ),
    },
    {
      title: t('col.role'),
      dataIndex: 'roleName',
      key: 'roleName',
      width: colWidth.text,
      render: (name: string) => roleName({ name }, lang),
    },
    { title: t('col.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: colWidth.person },
    {
      title: t('col.created'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: colWidth.dateTime,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('col.expires'),
      dataIndex: 'expiresAt',
      key: 'expiresAt',
      width: colWidth.dateTime,
      render: (v: string | null) => formatDateTime(v, { fallback: t('never') }),
    },
    {
      title: t('col.uses'),
      key: 'uses',
      width: colWidth.count,
      render: (_, r) => `${r.uses} / ${r.maxUses ?? t('unlimited')}`,
    },
    {
      title: t('col.status'),
      dataIndex: 'active',
      key: 'active',
      width: colWidth.status,
      render: (a: boolean) => (a ? <Tag color="green">{t('active')}</Tag> : <Tag>{t('inactive')}</Tag>),
    },
    ...(manage
      ? [
          {
            title: t('col.actions'),
            key: 'actions',
            width: 100,
            render: (_: unknown, r: InviteItem) =>
              r.active && (
                <ConfirmAction
                  title={t('revoke.confirm', { code: r.code })}
                  label={t('revoke')}
                  danger
                  run={() => revoke.mutateAsync(r.id)}
                />
              ),
          },
        ]
      : []),
  ];

  return (
    <Card
      extra={
        manage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              form.resetFields();
              setOpen(true);
            }}
          >
            {t('generate')}
          </Button>
        )
      }
    >
      <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 16 }} />
      <PagedTable<InviteItem>
        rowKey="id"
        columns={columns}
        query={list}
        page={state}
        onPage={state.setPage}
        emptyText={t('empty')}
      />
      <Modal
        open={open}
        title={t('generate.title')}
        okText={tc('common.ok')}
        cancelText={tc('common.cancel')}
        confirmLoading={insert.isPending}
        onOk={() => submit().catch(() => {})}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Form form={form} layout="vertical" name="insert-invite">
          <Form.Item
            name="roleId"
            label={t('form.role')}
            rules={[{ required: true, message: t('form.roleRequired') }]}
          >
            <Select
              loading={roles.isLoading}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleName(r, lang) }))}
            />
          </Form.Item>
          <Form.Item
            name="expiresAt"
            label={t('form.expiresAt')}
            rules={[
              {
                validator: (_, v: Dayjs | null | undefined) =>
                  !v || v.isAfter(dayjs())
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('form.expiresFuture'))),
              },
            ]}
          >
            {/* A picked date counts at once: with the picker's default OK step, a date picked
                but not confirmed was dropped silently and the code became 长期有效. */}
            <DatePicker
              showTime
              needConfirm={false}
              onCalendarChange={(d) => {
                // The day is taken as soon as it is clicked, whether or not the picker closes.
                if (d && !Array.isArray(d)) form.setFieldValue('expiresAt', d);
              }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item name="maxUses" label={t('form.maxUses')}>
            <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
