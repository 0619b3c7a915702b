import type { RecordDetail } from '@pineguard/contract';
import { Alert, App, Empty, Form, Input, Modal, Typography } from 'antd';
import { useMemo } from 'react';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { useCorrectRecord } from '../api.ts';
import { changedFields, correctionFields, initialValues } from '../correction.ts';
import { useRecordsT } from '../messages.ts';
import { reasonMax } from '../review.ts';
import { DescriptorField, useRuleTexts } from './DescriptorField.tsx';

/**
 * The correction dialog (the approval save): generated from the record's descriptors, editable
 * columns only (not fixed, pic_ or vdo_). Only changed fields are sent; the history keeps each
 * field's value before and after.
 */
export function CorrectionDialog({ record, onClose }: { record: RecordDetail; onClose: () => void }) {
  const t = useRecordsT();
  const { message } = App.useApp();
  const texts = useRuleTexts();
  const [form] = Form.useForm<Record<string, unknown>>();
  const correct = useCorrectRecord();
  const fields = useMemo(() => correctionFields(record.columnList, texts), [record.columnList, texts]);
  const initial = useMemo(() => initialValues(fields, record), [fields, record]);

  const submit = async () => {
    const values = await form.validateFields();
    const changed = changedFields(fields, record, values);
    if (Object.keys(changed).length === 0) {
      message.info(t('correct.noChange'));
      return;
    }
    const reason = typeof values.__reason === 'string' ? values.__reason.trim() : '';
    try {
      await correct.mutateAsync({ id: record.id, fields: changed, ...(reason ? { reason } : {}) });
    } catch (error) {
      showFieldErrors(form, error);
      return;
    }
    message.success(t('correct.saved'));
    onClose();
  };

  return (
    <Modal
      open
      width={640}
      title={t('correct.title')}
      onCancel={onClose}
      onOk={() => submit().catch(() => undefined)}
      confirmLoading={correct.isPending}
      okButtonProps={{ 'data-testid': 'correct-ok' } as never}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('correct.hint')} style={{ marginBottom: 12 }} />
      {record.user_edit && record.time_edit && (
        <Typography.Paragraph type="secondary">
          {t('detail.lastEdit', {
            user: record.user_edit,
            time: formatDateTime(record.time_edit, { seconds: true, fallback: '—' }),
          })}
        </Typography.Paragraph>
      )}
      {fields.length === 0 ? (
        <Empty description={t('correct.noFields')} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          name="correction"
          initialValues={initial}
          data-testid="correction-form"
        >
          {fields.map((f) => (
            <DescriptorField key={f.name} field={f} />
          ))}
          <Form.Item name="__reason" label={t('correct.reason')} rules={[{ max: reasonMax }]}>
            <Input.TextArea maxLength={reasonMax} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
