import type { RecordFilter } from '@pineguard/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useExamine } from '../api.ts';
import { useRecordsT } from '../messages.ts';
import { reasonMax, reasonRequired, reasonRules, type ReviewAction } from '../review.ts';

const titles = { approve: 'review.approve', return: 'review.return', reject: 'review.reject' } as const;

/**
 * Approve, send back or reject one record or a whole selection. Sending back and rejecting need
 * a reason (the collector reads it); approving takes an optional comment.
 */
export function ReviewDialog({
  action,
  ids,
  filter,
  onClose,
  onDone,
}: {
  action: ReviewAction | null;
  ids: string[];
  /** Every record of the list's filter instead of ids: the count the reviewer saw is confirmed. */
  filter?: { filter: RecordFilter; expected: number } | undefined;
  onClose: () => void;
  onDone?: () => void;
}) {
  const t = useRecordsT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const examine = useExamine();
  useEffect(() => {
    if (action) form.resetFields();
  }, [action, form]);
  if (!action) return null;
  const required = reasonRequired(action);
  const count = filter ? filter.expected : ids.length;
  const submit = async () => {
    const { reason } = await form.validateFields();
    const { value } = await examine.mutateAsync({
      ...(filter ? { filter: filter.filter, expected: filter.expected } : { ids }),
      action,
      ...(reason?.trim() ? { reason: reason.trim() } : {}),
    });
    // One toast: a warning when some were skipped (not a success beside it).
    const skipped = count - value.changed;
    if (skipped > 0) message.warning(t('review.partial', { changed: value.changed, skipped }));
    else message.success(t('review.done', { changed: value.changed }));
    onDone?.();
    onClose();
  };
  return (
    <Modal
      open
      title={t(titles[action])}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={examine.isPending}
      okButtonProps={{ danger: action === 'reject', 'data-testid': 'review-ok' } as never}
      // Approving is confirmed with Enter (the button takes the focus once the dialog is open); a
      // reason is typed at once (the box takes it).
      afterOpenChange={(open) => {
        if (!open) return;
        if (required) (form.getFieldInstance('reason') as { focus?: () => void } | undefined)?.focus?.();
        else document.querySelector<HTMLButtonElement>('.ant-modal-wrap [data-testid="review-ok"]')?.focus();
      }}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('review.count', { count })} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" name="review">
        <Form.Item
          name="reason"
          label={required ? t('review.reason') : t('review.reasonOptional')}
          extra={required ? t('review.reasonHint') : undefined}
          rules={reasonRules(action, t('review.reasonRequired'))}
        >
          <Input.TextArea maxLength={reasonMax} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
