import { Checkbox, DatePicker, Input, InputNumber, Select } from 'antd';
import type { FieldSpec } from '../descriptorForm.ts';

/** Form.Item hands its child value, onChange and id: the control passes them on. */
type Bound = { value?: never; onChange?: never; id?: string };

/**
 * The one mapping from a column descriptor's field kind to an antd control, shared by the
 * records' generated forms (DescriptorField) and the standards' live preview (FormPreview).
 * Photo and video fields are the callers' own: records upload them, the preview keeps them local.
 */
export function DescriptorControl({ field, ...bound }: { field: FieldSpec } & Bound) {
  switch (field.kind) {
    case 'input':
      return <Input maxLength={field.maxLength} {...bound} />;
    case 'textarea':
      return <Input.TextArea maxLength={field.maxLength} autoSize={{ minRows: 2, maxRows: 4 }} {...bound} />;
    case 'number':
      return (
        <InputNumber
          min={field.min}
          max={field.max}
          style={{ width: '100%' }}
          {...(field.unit ? { suffix: field.unit } : {})}
          {...bound}
        />
      );
    case 'date':
      return <DatePicker style={{ width: '100%' }} {...bound} />;
    case 'select':
      return <Select allowClear options={field.options} {...bound} />;
    case 'checkboxes':
      return <Checkbox.Group options={field.options} {...bound} />;
    case 'multiSelect':
      return <Select mode="multiple" allowClear options={field.options} {...bound} />;
    default:
      return <Input disabled {...bound} />;
  }
}
