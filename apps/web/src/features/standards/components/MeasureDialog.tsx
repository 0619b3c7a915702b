import { saveMeasureBody, type StandardTableItem } from '@pineguard/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import { schemaRule } from '../../../shared/formRules.ts';
import { useSaveMeasure } from '../api.ts';
import { useMetaT } from '../messages.ts';

type Values = { code: string; name: string; description?: string };

/** Gives a custom standard table its control measure, so projects can choose it (setUpType). */
export function MeasureDialog({ table, onClose }: { table: StandardTableItem | null; onClose: () => void }) {
  const t = useMetaT();
  const [form] = Form.useForm<Values>();
  const save = useSaveMeasure();

  useEffect(() => {
    if (table)
      form.setFieldsValue({ code: `zdy_${table.code}`.slice(0, 32), name: table.name, description: '' });
  }, [table, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !table) return;
    try {
      await save.mutateAsync({ ...values, standardTableCode: table.code });
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={table !== null}
      title={table ? t('measure.title', { name: table.name }) : ''}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('measure.help')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="measure">
        <Form.Item
          name="code"
          label={t('measure.code')}
          extra={t('measure.codeRule')}
          rules={[schemaRule(saveMeasureBody.shape.code, t('measure.codeRule'))]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('measure.name')}
          rules={[{ required: true, whitespace: true, message: t('measure.nameRequired') }, { max: 30 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t('measure.description')} rules={[{ max: 200 }]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
