import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { fldInputs } from '@pineguard/contract';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { showFieldErrors } from '../../../shared/formErrors.ts';
import type { FactorItem } from '../api.ts';
import {
  type ColumnDraft,
  columnProblems,
  type FldInput,
  hasLength,
  hasOptions,
  hasRange,
} from '../columnForm.ts';
import { useMetaT } from '../messages.ts';

type Initial = FactorItem & { sort?: number };

type Props = {
  open: boolean;
  title: string;
  /** The column or factor being edited; null for a new one. */
  initial: Initial | null;
  /** Columns have an order; factors do not. */
  /** Shows the sort field; a new column starts here (after the table's last column). */
  nextSort?: number;
  onSubmit: (draft: ColumnDraft) => Promise<unknown>;
  onClose: () => void;
};

function toDraft(c: Initial): ColumnDraft {
  return {
    code: c.code,
    value: c.value,
    fldDescript: c.fldDescript,
    fldInput: (fldInputs as readonly string[]).includes(c.fldInput) ? (c.fldInput as FldInput) : 'text',
    sort: c.sort ?? 0,
    required: c.rules.required ?? false,
    min: c.rules.min ?? null,
    max: c.rules.max ?? null,
    maxLength: c.rules.maxLength ?? null,
    unit: c.rules.unit ?? '',
    options: c.rules.options ?? [],
  };
}

/** Add or edit a column descriptor (or a reporting factor): the server's rules, checked as you type. */
export function ColumnDialog({ open, title, initial, nextSort, onSubmit, onClose }: Props) {
  const t = useMetaT();
  const [form] = Form.useForm<ColumnDraft>();
  const [saving, setSaving] = useState(false);
  const fldInput = Form.useWatch('fldInput', form) ?? 'text';
  const editing = initial !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      initial ? toDraft(initial) : { fldInput: 'text', sort: nextSort ?? 0, required: false, options: [] },
    );
  }, [open, initial, nextSort, form]);

  // One check shared with the unit tests: the problem for `key`, if any, fails that field.
  const problemRule = (key: 'code' | 'options' | 'max') => ({
    validator: async () => {
      const draft = { code: '', value: '', ...form.getFieldsValue(true) } as ColumnDraft;
      const problem = columnProblems(draft)[key];
      if (problem) throw new Error(t(`problem.${problem}`));
    },
  });

  const submit = async () => {
    // Invalid fields show their own messages.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await onSubmit({ ...form.getFieldsValue(true), ...values } as ColumnDraft);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={submit}
      okText={t('save')}
      confirmLoading={saving}
      width={640}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" name="column" preserve={false}>
        {/* Type and code side by side with a gap (they touched inside a Space.Compact). */}
        <Flex gap={16} wrap>
          <Form.Item
            name="fldInput"
            label={t('col.fldInput')}
            style={{ flex: '1 1 160px' }}
            extra={editing ? undefined : null}
          >
            <Select
              disabled={editing}
              options={fldInputs.map((v) => ({ value: v, label: t(`input.${v}`) }))}
              // Re-check a code already typed against the new type's prefix; an empty code
              // field stays quiet until the user fills it or saves.
              onChange={() => {
                if (form.getFieldValue('code')) void form.validateFields(['code']).catch(() => undefined);
              }}
            />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('col.code')}
            style={{ flex: '2 1 260px' }}
            rules={[problemRule('code')]}
            extra={editing ? t('col.codeLocked') : t('col.codeHelp')}
          >
            <Input disabled={editing} autoComplete="off" />
          </Form.Item>
        </Flex>
        <Form.Item
          name="value"
          label={t('col.value')}
          rules={[{ required: true, whitespace: true, message: t('problem.labelRequired') }, { max: 30 }]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="fldDescript" label={t('col.fldDescript')} rules={[{ max: 200 }]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Space wrap align="start">
          {nextSort !== undefined && (
            <Form.Item name="sort" label={t('col.sort')}>
              <InputNumber min={0} max={10000} precision={0} />
            </Form.Item>
          )}
          <Form.Item name="required" label={t('col.required')} valuePropName="checked">
            <Checkbox />
          </Form.Item>
          {hasLength(fldInput) && (
            <Form.Item name="maxLength" label={t('col.maxLength')}>
              <InputNumber min={1} max={5000} precision={0} />
            </Form.Item>
          )}
          {hasRange(fldInput) && (
            <>
              <Form.Item name="min" label={t('col.min')}>
                <InputNumber onChange={() => void form.validateFields(['max']).catch(() => undefined)} />
              </Form.Item>
              <Form.Item name="max" label={t('col.max')} rules={[problemRule('max')]}>
                <InputNumber />
              </Form.Item>
              <Form.Item name="unit" label={t('col.unit')} rules={[{ max: 10 }]}>
                <Input style={{ width: 90 }} />
              </Form.Item>
            </>
          )}
        </Space>
        {hasOptions(fldInput) && (
          <Form.List name="options" rules={[problemRule('options')]}>
            {(fields, { add, remove }, { errors }) => (
              <Form.Item label={t('col.options')} required>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                    <Form.Item name={[field.name, 'value']} noStyle>
                      <Input placeholder={t('col.optionValue')} aria-label={t('col.optionValue')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'label']} noStyle>
                      <Input placeholder={t('col.optionLabel')} aria-label={t('col.optionLabel')} />
                    </Form.Item>
                    <MinusCircleOutlined onClick={() => remove(field.name)} />
                  </Space>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ value: '', label: '' })}>
                  {t('col.addOption')}
                </Button>
                <Form.ErrorList errors={errors} />
              </Form.Item>
            )}
          </Form.List>
        )}
      </Form>
    </Modal>
  );
}
