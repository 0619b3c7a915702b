import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import type { UploadFile } from 'antd/es/upload/interface';
import type { FieldSpec, RuleTexts } from '../../../shared/descriptorForm.ts';
import { DescriptorControl } from '../../../shared/ui/DescriptorControl.tsx';
import { FileUpload, normFiles } from '../../../shared/ui/FileUpload.tsx';
import { useRecordsT } from '../messages.ts';

/** Rule texts of the generated forms, in the user's language. */
export function useRuleTexts(): RuleTexts {
  const t = useRecordsT();
  return {
    required: (label) => t('rule.required', { label }),
    upload: (label) => t('upload.fileRequired', { label }),
    range: (label, min, max) => t('rule.range', { label, min: min ?? '−∞', max: max ?? '+∞' }),
    maxLength: (label, max) => t('rule.maxLength', { label, max }),
  };
}

function FileControl({
  kind,
  ...props
}: {
  kind: 'photo' | 'video';
  value?: UploadFile[];
  onChange?: (v: unknown) => void;
}) {
  const t = useRecordsT();
  return <FileUpload kind={kind} pickLabel={t('upload.pick')} {...props} />;
}

/** One generated form item: the control a descriptor names, with its rules. */
export function DescriptorField({ field }: { field: FieldSpec }) {
  const t = useRecordsT();
  if (field.kind === 'photo' || field.kind === 'video') {
    return (
      <Form.Item
        name={field.name}
        label={field.label}
        tooltip={field.help || undefined}
        valuePropName="value"
        getValueFromEvent={normFiles}
        rules={[
          ...(field.rules.some((r) => 'required' in r)
            ? [
                {
                  required: true,
                  type: 'array' as const,
                  min: 1,
                  message: t('upload.fileRequired', { label: field.label }),
                },
              ]
            : []),
        ]}
      >
        <FileControl kind={field.kind} />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={field.name}
      label={field.label}
      tooltip={field.help || undefined}
      rules={field.rules as Rule[]}
      extra={field.kind === 'unknown' ? t('rule.unknown', { type: field.name }) : undefined}
    >
      <DescriptorControl field={field} />
    </Form.Item>
  );
}
