import { YMFS_TABLE, type RecordRow } from '@pineguard/contract';
import { App, Button, Flex, Form, Input, Modal, Popconfirm, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useCan } from '../../../shared/permissions.ts';
import { useDeleteYmfs, useExamineUsers, useExamineYmfs, useUploadColumns, useYmfsList } from '../api.ts';
import { defaultSort } from '../columns.ts';
import { useRecordsT } from '../messages.ts';
import { reasonMax, reasonRules } from '../review.ts';
import { type FilterValues, RecordFilters } from './RecordFilters.tsx';
import { RecordTable } from './RecordTable.tsx';
import { YmfsDetailDrawer, YmfsRectifyDrawer } from './YmfsDrawers.tsx';

function SendBackDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useRecordsT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ extras: string }>();
  const examine = useExamineYmfs();
  if (!id) return null;
  const submit = async () => {
    const { extras } = await form.validateFields();
    const { message: text } = await examine.mutateAsync({ code_result: 30, pid: id, extras: extras.trim() });
    message.success(text || t('review.done', { changed: 1 }));
    onClose();
  };
  return (
    <Modal
      open
      title={t('review.return')}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={examine.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="ymfsReturn">
        <Form.Item
          name="extras"
          label={t('review.reason')}
          extra={t('review.reasonHint')}
          rules={reasonRules('return', t('review.reasonRequired'))}
        >
          <Input.TextArea maxLength={reasonMax} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The tree-quantity list (POST /api/sync/queryYmfsList) of the burning table: approve
 * (examineYmfs code_result 20), send back with a reason, rectify the quantity, delete; detail
 * and rectification in drawers.
 */
export function YmfsPanel({
  prjCode,
  section,
}: {
  prjCode: string | undefined;
  section?: string | undefined;
}) {
  const t = useRecordsT();
  const can = useCan();
  const { message } = App.useApp();
  const [filters, setFilters] = useState<FilterValues>({ biaoduan: section });
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [sort, setSort] = useState(defaultSort);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [rectifyId, setRectifyId] = useState<string | null>(null);
  const [returnId, setReturnId] = useState<string | null>(null);
  const list = useYmfsList({ prjCode, prjStandCode: YMFS_TABLE, ...filters, sort, ...page });
  const columns = useUploadColumns(prjCode, YMFS_TABLE);
  const examiners = useExamineUsers(prjCode);
  const examine = useExamineYmfs();
  const del = useDeleteYmfs();
  const canReview = can('records.review');
  const canEdit = can('records.edit');
  const canDelete = can('records.delete');

  const actions = useCallback(
    (row: RecordRow) =>
      row.deleted ? null : (
        <>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setRectifyId(row.id)}>
              {t('ymfs.rectify')}
            </Button>
          )}
          {canReview && row.code_state !== '20' && (
            <Popconfirm
              title={t('review.approve')}
              onConfirm={() =>
                examine
                  .mutateAsync({ code_result: 20, pid: row.id })
                  .then(() => message.success(t('ymfs.approved')))
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small">
                {t('action.approve')}
              </Button>
            </Popconfirm>
          )}
          {canReview && row.code_state !== '30' && (
            <Button type="link" size="small" onClick={() => setReturnId(row.id)}>
              {t('action.return')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={t('ymfs.deleteConfirm')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                del
                  .mutateAsync(row.id)
                  .then(() => message.success(t('delete.done', { changed: 1 })))
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small" danger>
                {t('action.delete')}
              </Button>
            </Popconfirm>
          )}
        </>
      ),
    [canDelete, canEdit, canReview, del, examine, message, t],
  );

  const names = (examiners.data ?? []).map((u) => u.name || u.account);
  return (
    <Flex vertical gap={12} data-testid="ymfs-panel">
      <RecordFilters
        value={filters}
        onChange={(next) => {
          setFilters(section ? { ...next, biaoduan: section } : next);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        sections={columns.data?.sections ?? []}
        sectionLocked={Boolean(section)}
        showDeleted={false}
      />
      <Typography.Text type="secondary">
        {names.length ? t('ymfs.examiners', { names: names.join('、') }) : t('ymfs.noExaminers')}
      </Typography.Text>
      <RecordTable
        testId="ymfs-table"
        actionsWidth={250}
        columnList={list.data?.columnList ?? columns.data?.columnList ?? []}
        data={list.data?.result}
        isFetching={list.isFetching}
        isError={list.isError}
        page={page}
        onPage={(pageNum, pageSize) => setPage({ pageNum, pageSize })}
        sort={sort}
        onSort={(s) => {
          setSort(s);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        actions={actions}
        onOpen={(row) => setDetailId(row.id)}
      />
      <YmfsDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
      <YmfsRectifyDrawer id={rectifyId} prjCode={prjCode} onClose={() => setRectifyId(null)} />
      <SendBackDialog id={returnId} onClose={() => setReturnId(null)} />
    </Flex>
  );
}
