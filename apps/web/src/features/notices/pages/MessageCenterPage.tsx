import { CheckOutlined, SendOutlined } from '@ant-design/icons';
import { type NoticeItem, type NoticeKind, noticeKinds } from '@pineguard/contract';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Switch,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../locales/index.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useListState } from '../../../shared/listState.ts';
import { useCan } from '../../../shared/permissions.ts';
import { useSession } from '../../../shared/session.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { colWidth } from '../../../shared/ui/tableColumns.ts';
import { useMarkAllRead, useMarkRead, useNotices, useSendNotice } from '../api.ts';
import { useNoticesT } from '../messages.ts';

const kindColour: Partial<Record<NoticeKind, string>> = {
  recordReturned: 'orange',
  recordRejected: 'red',
  exportFinished: 'green',
  exportFailed: 'red',
  workerPending: 'blue',
  userPending: 'blue',
  anomaliesFound: 'magenta',
  workerInsuranceEnding: 'gold',
  workerInsuranceEnded: 'volcano',
  announcement: 'purple',
};

type Filters = { noticeKind?: NoticeKind | undefined; unread?: boolean | undefined };
type SendValues = { text: string; link?: string };

/** /messageCenter: the signed-in user's notices; filter, mark read, follow links, send (admins). */
export default function MessageCenterPage() {
  const t = useNoticesT();
  const tc = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const can = useCan();
  const project = useSession((s) => s.project);
  const state = useListState<Filters>({});
  const list = useNotices(state.input);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const send = useSendNotice();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<SendValues>();

  const follow = (n: NoticeItem) => {
    if (!n.read) markRead.mutate([n.id]);
    if (n.link) void navigate(n.link);
  };

  const submit = async () => {
    const v = await form.validateFields();
    try {
      const result = await send.mutateAsync({ text: v.text, link: v.link?.trim() ?? '' });
      setOpen(false);
      void message.success(result.message);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  const columns: TableColumnsType<NoticeItem> = [
    {
      title: t('col.status'),
      dataIndex: 'read',
      key: 'read',
      width: colWidth.status,
      render: (read: boolean) => (read ? <Tag>{t('read')}</Tag> : <Tag color="red">{t('unread')}</Tag>),
    },
    {
      title: t('col.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 110,
      render: (kind: NoticeKind) => <Tag color={kindColour[kind]}>{t(`kind.${kind}`)}</Tag>,
    },
    {
      title: t('col.text'),
      dataIndex: 'text',
      key: 'text',
      width: 520,
      render: (text: string, n) => (
        <Typography.Text strong={!n.read} data-testid="notice-text">
          {text}
        </Typography.Text>
      ),
    },
    {
      title: t('col.time'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: colWidth.dateTime,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('col.actions'),
      key: 'actions',
      width: 150,
      render: (_, n) => (
        <Space size={4}>
          {n.link && (
            <Button type="link" size="small" onClick={() => follow(n)}>
              {t('open')}
            </Button>
          )}
          {!n.read && (
            <Button type="link" size="small" onClick={() => markRead.mutate([n.id])}>
              {t('markRead')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={
        <Space wrap>
          <Select<NoticeKind | ''>
            data-testid="notice-kind"
            aria-label={t('filter.kind')}
            style={{ width: 160 }}
            value={state.filters.noticeKind ?? ''}
            onChange={(v) => state.search({ ...state.filters, noticeKind: v || undefined })}
            options={[
              { value: '', label: t('kind.all') },
              ...noticeKinds.map((k) => ({ value: k, label: t(`kind.${k}`) })),
            ]}
          />
          <Space size={6}>
            <Switch
              size="small"
              data-testid="notice-unread-only"
              aria-label={t('unreadOnly')}
              checked={Boolean(state.filters.unread)}
              onChange={(on) => state.search({ ...state.filters, unread: on || undefined })}
            />
            <Typography.Text>{t('unreadOnly')}</Typography.Text>
          </Space>
        </Space>
      }
      extra={
        <Space wrap>
          <Button
            icon={<CheckOutlined />}
            data-testid="notice-read-all"
            loading={markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            {t('markAllRead')}
          </Button>
          {project && can('users.manage') && (
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={() => {
                form.resetFields();
                setOpen(true);
              }}
            >
              {t('send')}
            </Button>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <PagedTable<NoticeItem>
        rowKey="id"
        columns={columns}
        query={list}
        page={state}
        onPage={state.setPage}
        emptyText={t('empty')}
        onRow={(n) => ({ 'data-read': n.read ? 'yes' : 'no' }) as React.HTMLAttributes<HTMLElement>}
      />
      <Modal
        open={open}
        title={t('send.title')}
        okText={tc('common.ok')}
        cancelText={tc('common.cancel')}
        confirmLoading={send.isPending}
        onOk={() => submit().catch(() => {})}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Form form={form} layout="vertical" name="send-notice">
          <Form.Item
            name="text"
            label={t('send.text')}
            rules={[{ required: true, whitespace: true, message: t('send.textRequired') }]}
          >
            <Input.TextArea rows={4} maxLength={500} showCount />
          </Form.Item>
          <Form.Item
            name="link"
            label={t('send.link')}
            rules={[{ pattern: /^\/([^/\\].*)?$/, message: t('send.linkInvalid') }]}
          >
            <Input maxLength={200} placeholder="/dashboard" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
