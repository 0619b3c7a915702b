import { App, Form, Input, Modal } from 'antd';
import { useDeleteRecords, useRestoreRecords } from '../api.ts';
import { useRecordsT } from '../messages.ts';
import { reasonMax } from '../review.ts';

/** Soft delete (to the recycle bin) or restore of one record or a selection, with an optional reason. */
export function DeleteDialog({
  mode,
  ids,
  onClose,
  onDone,
}: {
  mode: 'delete' | 'restore';
  ids: string[];
  onClose: () => void;
  onDone?: () => void;
}) {
  const t = useRecordsT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const del = useDeleteRecords();
  const restore = useRestoreRecords();
  const mutation = mode === 'delete' ? del : restore;
  const submit = async () => {
    const { reason } = await form.validateFields();
    const { value } = await mutation.mutateAsync({
      ids,
      ...(reason?.trim() ? { reason: reason.trim() } : {}),
    });
    message.success(t(mode === 'delete' ? 'delete.done' : 'restore.done', { changed: value.changed }));
    onDone?.();
    onClose();
  };
  return (
    <Modal
      open
      title={t(mode === 'delete' ? 'delete.title' : 'restore.title')}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={mutation.isPending}
      okButtonProps={{ danger: mode === 'delete', 'data-testid': `${mode}-ok` } as never}
      destroyOnHidden
    >
      <p>{t(mode === 'delete' ? 'delete.confirm' : 'restore.confirm', { count: ids.length })}</p>
      <Form form={form} layout="vertical" name={`${mode}Records`}>
        <Form.Item name="reason" label={t('delete.reason')} rules={[{ max: reasonMax }]}>
          <Input.TextArea maxLength={reasonMax} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
