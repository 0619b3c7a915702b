import type { LwryItem } from '@pineguard/contract';
import { Alert, App, Button, Card, Form, Input, Modal, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { fitWidth } from '../../../shared/ui/fitWidth.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { PagedTable } from '../../../shared/ui/PagedTable.tsx';
import { useExamine, useUnexamine, useWorkerList } from '../api.ts';
import { useWorkersT } from '../messages.ts';
import { colWidth } from '../../../shared/ui/tableColumns.ts';

/** How long the 撤销 after a review is offered. */
const UNDO_SECONDS = 10;

/** /lwrymanager/shenhe: the pending queue; approve, or reject with a reason, one or many. */
export default function WorkerReviewPage() {
  const t = useWorkersT();
  const { message, modal } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [keyword, setKeyword] = useState('');
  const list = useWorkerList({ examineStatus: 0, keyword: keyword || undefined, ...page });
  const examine = useExamine();
  const [selected, setSelected] = useState<string[]>([]);
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  const unexamine = useUnexamine();
  /** The answer's message with a short-lived 撤销 that puts the workers just reviewed back. */
  const doneWithUndo = (text: string, ids: string[]) => {
    const key = `review-${ids.join(',')}`;
    message.success({
      key,
      duration: UNDO_SECONDS,
      content: (
        <span data-testid="review-done">
          {text}
          {ids.length > 0 && (
            <Button
              type="link"
              size="small"
              data-testid="review-undo"
              onClick={async () => {
                message.destroy(key);
                const res = await unexamine.mutateAsync(ids).catch(() => null);
                if (res) message.success(res.message);
              }}
            >
              {t('review.undo')}
            </Button>
          )}
        </span>
      ),
    });
  };
  /** 通过 asks first, for one worker or many (issue 29); then offers the undo. */
  const approve = (rows: LwryItem[]) => {
    const ids = rows.map((w) => w.id);
    modal.confirm({
      title:
        rows.length === 1
          ? t('review.confirmOne', { name: rows[0]!.name })
          : t('review.confirmMany', { n: rows.length }),
      content: t('review.confirmNote'),
      okText: t('review.approve'),
      cancelText: t('form.cancel'),
      onOk: async () => {
        const res = await examine.mutateAsync({ userId: ids, examineStatus: 1 }).catch(() => null);
        if (!res) return;
        const skipped = new Set(res.value.skipped.map((s) => s.id));
        doneWithUndo(
          res.message,
          ids.filter((id) => !skipped.has(id)),
        );
        setSelected([]);
      },
    });
  };
  const reject = async () => {
    if (!rejecting) return;
    // An empty reason is shown under the field; it is not an error to throw out of the dialog.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { reason } = values;
    const res = await examine.mutateAsync({ userId: rejecting, examineStatus: 2, reason: reason.trim() });
    const skipped = new Set(res.value.skipped.map((s) => s.id));
    doneWithUndo(
      res.message,
      rejecting.filter((id) => !skipped.has(id)),
    );
    setRejecting(null);
    setSelected([]);
  };

  const columns: TableColumnsType<LwryItem> = [
    { title: t('col.name'), dataIndex: 'name', key: 'name', width: colWidth.person },
    { title: t('col.idNumber'), dataIndex: 'idNumber', key: 'idNumber', width: 190 },
    { title: t('col.phone'), dataIndex: 'phone', key: 'phone', width: colWidth.phone },
    { title: t('col.section'), dataIndex: 'sectionName', key: 'section', width: colWidth.text },
    {
      title: t('col.face'),
      key: 'complete',
      width: 110,
      render: (_, w) => (w.complete ? t('yes') : <Tag color="orange">{t('review.incomplete')}</Tag>),
    },
    { title: t('col.added'), key: 'added', width: 150, render: (_, w) => formatDateTime(w.addTime) },
    {
      title: t('col.actions'),
      key: 'actions',
      width: 160,
      render: (_, w) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={!w.complete} onClick={() => approve([w])}>
            {t('review.approve')}
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => {
              form.resetFields();
              setRejecting([w.id]);
            }}
          >
            {t('review.reject')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Alert type="info" showIcon title={t('review.intro')} style={{ marginBottom: 16 }} />
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('filter.keyword')}
          // The search button takes 32 px of the width.
          style={{ width: fitWidth(t('filter.keyword'), 240, 76) }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        <Button
          type="primary"
          disabled={!selected.length}
          onClick={() => approve((list.data?.list ?? []).filter((w) => selected.includes(w.id)))}
        >
          {t('review.approveSelected', { n: selected.length })}
        </Button>
        <Button
          danger
          disabled={!selected.length}
          onClick={() => {
            form.resetFields();
            setRejecting(selected);
          }}
        >
          {t('review.rejectSelected', { n: selected.length })}
        </Button>
      </Space>
      <PagedTable<LwryItem>
        rowKey="id"
        columns={columns}
        query={list}
        page={page}
        onPage={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        emptyText={t('empty')}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
      />
      <Modal
        open={Boolean(rejecting)}
        title={t('review.reject')}
        onOk={reject}
        onCancel={() => setRejecting(null)}
        confirmLoading={examine.isPending}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('review.reason')}
            rules={[{ required: true, whitespace: true, max: 200 }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
