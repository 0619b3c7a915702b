import { UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Envelope, FileInfo } from '@pineguard/contract';
import { Button, Form, Space, Upload } from 'antd';
import type { Rule } from 'antd/es/form';
import type { UploadFile } from 'antd/es/upload/interface';
import { useLangStore } from '../../../locales/index.ts';
import type { FieldSpec, RuleTexts } from '../../../shared/descriptorForm.ts';
import { useSession } from '../../../shared/session.ts';
import { DescriptorControl } from '../../../shared/ui/DescriptorControl.tsx';
import { uploadUrl } from '../api.ts';
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

/** An uploaded file's id, or null while it uploads or when the server refused it. */
export function uploadedId(file: UploadFile): string | null {
  const body = file.response as Envelope<FileInfo> | undefined;
  return file.status === 'done' && body?.code === 0 ? body.value.id : null;
}

/** Marks a file the server answered with a non-zero code as failed, with the server's message. */
function normFiles(e: { fileList: UploadFile[] } | UploadFile[]): UploadFile[] {
  const list = Array.isArray(e) ? e : e.fileList;
  return list.map((f) => {
    const body = f.response as Envelope<unknown> | undefined;
    if (f.status === 'done' && body && body.code !== 0)
      return { ...f, status: 'error', error: new Error(body.message) };
    return f;
  });
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
  const token = useSession((s) => s.token);
  const lang = useLangStore((s) => s.lang);
  const common = {
    action: uploadUrl(kind),
    name: 'file',
    headers: { token, lang },
    fileList: props.value ?? [],
    onChange: (info: { fileList: UploadFile[] }) => props.onChange?.(info),
    // The list shows each file's progress while it uploads.
    progress: { size: 2, showInfo: false },
  };
  if (kind === 'photo')
    return (
      <Upload
        {...common}
        listType="picture-card"
        accept="image/jpeg,image/png,image/webp"
        maxCount={9}
        multiple
      >
        <Space direction="vertical" size={2}>
          <UploadOutlined />
          {t('upload.pick')}
        </Space>
      </Upload>
    );
  return (
    <Upload {...common} accept="video/mp4,video/quicktime,video/webm" maxCount={1}>
      <Button icon={<VideoCameraOutlined />}>{t('upload.pick')}</Button>
    </Upload>
  );
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
