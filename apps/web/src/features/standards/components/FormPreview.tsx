import { UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ColumnDescriptor } from '@pineguard/contract';
import { Alert, App, Button, Empty, Form, Space, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { type FieldSpec, formFieldsOf } from '../../../shared/descriptorForm.ts';
import { DescriptorControl } from '../../../shared/ui/DescriptorControl.tsx';
import { useMetaT } from '../messages.ts';

/** Form.Item hands its child value, onChange and id: the control must pass them on. */
type Bound = { value?: never; onChange?: never; id?: string };

/** The preview's controls: the shared mapping, with local-only photo and video pickers. */
function Control({ field, ...bound }: { field: FieldSpec } & Bound) {
  const t = useMetaT();
  switch (field.kind) {
    case 'photo':
      return (
        <Upload listType="picture-card" beforeUpload={() => false} accept="image/*" maxCount={9} {...bound}>
          <Space direction="vertical" size={2}>
            <UploadOutlined />
            {t('preview.upload')}
          </Space>
        </Upload>
      );
    case 'video':
      return (
        <Upload beforeUpload={() => false} accept="video/*" maxCount={1} {...bound}>
          <Button icon={<VideoCameraOutlined />}>{t('preview.upload')}</Button>
        </Upload>
      );
    default:
      return <DescriptorControl field={field} {...bound} />;
  }
}

/** The collection form a standard table's active descriptors define, live. */
export function FormPreview({ columns }: { columns: ColumnDescriptor[] }) {
  const t = useMetaT();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const fields = useMemo(
    () =>
      formFieldsOf(columns, {
        required: (label) => t('preview.required', { label }),
        upload: (label) => t('preview.uploadRequired', { label }),
        range: (label, min, max) => t('preview.range', { label, min: min ?? '−∞', max: max ?? '+∞' }),
        maxLength: (label, max) => t('preview.maxLength', { label, max }),
      }),
    [columns, t],
  );
  if (fields.length === 0) return <Empty description={t('preview.empty')} />;
  return (
    <Form form={form} layout="vertical" name="preview" data-testid="form-preview">
      <Alert type="info" showIcon title={t('preview.hint')} style={{ marginBottom: 16 }} />
      {fields.map((f) => (
        <Form.Item
          key={f.name}
          name={f.name}
          label={f.label}
          tooltip={f.help || undefined}
          rules={f.rules as Rule[]}
          {...(f.kind === 'photo' || f.kind === 'video'
            ? { valuePropName: 'fileList', getValueFromEvent: (e: { fileList: unknown }) => e.fileList }
            : {})}
          extra={f.kind === 'unknown' ? t('preview.unknown', { type: f.name }) : undefined}
        >
          <Control field={f} />
        </Form.Item>
      ))}
      <Button
        onClick={() =>
          form.validateFields().then(
            () => message.success(t('preview.valid')),
            () => undefined,
          )
        }
      >
        {t('preview.check')}
      </Button>
    </Form>
  );
}
