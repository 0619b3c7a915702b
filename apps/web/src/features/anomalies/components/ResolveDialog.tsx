import {
  ANOMALY_NOTE_MAX,
  type AnomalyAction,
  type AnomalyResolveValue,
  type AnomalyState,
  anomalyTransitions,
} from '@pineguard/contract';
import { Alert, App, Checkbox, Form, Input, Modal } from 'antd';
import { useCan } from '../../../shared/permissions.ts';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { useResolveAnomalies } from '../api.ts';
import { useAnomaliesT } from '../messages.ts';

/** What a resolution is asked for: the anomalies and the states they are in now. */
export type Resolving = { action: AnomalyAction; items: { id: string; state: AnomalyState }[] };

/** The anomalies of `items` that `action` moves from their state. */
export function movable(action: AnomalyAction, items: { id: string; state: AnomalyState }[]) {
  return items.filter((i) => anomalyTransitions[action].from.includes(i.state));
}

type Values = { note?: string; rejectRecord?: boolean };

/**
 * 说明 (a note is required), 确认 (optionally rejecting the records: a reason is then required,
 * and only reviewers are offered it) or 重新打开. Only anomalies the action can move are sent;
 * the others are counted so the user knows they stay. Refusals are the server's message (the
 * http client shows it) and, for the note, under the field.
 */
export function ResolveDialog({
  resolving,
  prjCode,
  onClose,
  onDone,
}: {
  resolving: Resolving | null;
  prjCode: string | undefined;
  onClose: () => void;
  onDone?: (value: AnomalyResolveValue) => void;
}) {
  const t = useAnomaliesT();
  const can = useCan();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const resolve = useResolveAnomalies();
  const rejectRecord = Form.useWatch('rejectRecord', form) ?? false;
  if (!resolving) return null;
  const { action } = resolving;
  const ids = movable(action, resolving.items).map((i) => i.id);
  const skipped = resolving.items.length - ids.length;
  const canReject = action === 'confirm' && can('records.review');
  const noteRequired = action === 'explain' || (canReject && rejectRecord);

  const submit = async () => {
    const values = await form.validateFields();
    const note = values.note?.trim() ?? '';
    try {
      const value = await resolve.mutateAsync({
        action,
        prjCode,
        ids,
        note,
        ...(canReject && values.rejectRecord ? { rejectRecord: true } : {}),
      });
      const left = ids.length - value.changed + skipped;
      const rejected = value.rejected > 0 ? t('done.rejected', { rejected: value.rejected }) : '';
      if (left > 0) message.warning(t('done.partial', { changed: value.changed, skipped: left }) + rejected);
      else message.success(t('done.moved', { changed: value.changed }) + rejected);
      onDone?.(value);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open
      title={t(`dialog.${action}`)}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okButtonProps={
        {
          disabled: ids.length === 0,
          danger: canReject && rejectRecord,
          'data-testid': 'resolve-ok',
        } as never
      }
      confirmLoading={resolve.isPending}
      destroyOnHidden
    >
      <Alert
        type={ids.length === 0 ? 'warning' : 'info'}
        showIcon
        style={{ marginBottom: 12 }}
        title={ids.length === 0 ? t('list.noneMovable') : t('dialog.count', { count: ids.length })}
        description={skipped > 0 && ids.length > 0 ? t('dialog.skipped', { count: skipped }) : undefined}
      />
      <Form<Values> form={form} layout="vertical" name="resolve" preserve={false}>
        {canReject && (
          <Form.Item name="rejectRecord" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox data-testid="reject-record">{t('dialog.reject')}</Checkbox>
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={
            canReject && rejectRecord
              ? t('dialog.reason')
              : noteRequired
                ? t('dialog.note')
                : t('dialog.noteOptional')
          }
          extra={action === 'explain' ? t('dialog.explainHint') : undefined}
          rules={[
            {
              required: noteRequired,
              whitespace: true,
              message: canReject && rejectRecord ? t('dialog.reasonRequired') : t('dialog.noteRequired'),
            },
          ]}
        >
          <Input.TextArea
            aria-label={t('dialog.note')}
            maxLength={ANOMALY_NOTE_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
