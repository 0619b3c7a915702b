import { UploadOutlined } from '@ant-design/icons';
import type { Envelope, FileInfo } from '@pineguard/contract';
import { App, Button, Progress, Space, Upload } from 'antd';
import { useState } from 'react';
import { useLangStore } from '../../../locales/index.ts';
import { useSession } from '../../../shared/session.ts';
import { useWorkersT } from '../messages.ts';
import { AuthImage } from './AuthImage.tsx';

/**
 * Uploads one image to /api/file/upload (kind face or idCard) with a progress bar and hands back
 * the stored file's id; the server checks the bytes really are an image.
 */
export function PhotoUpload({
  kind,
  value,
  onChange,
  testId,
}: {
  kind: 'face' | 'idCard';
  value?: string | null;
  onChange?: (fileId: string | null) => void;
  testId?: string;
}) {
  const t = useWorkersT();
  const { message } = App.useApp();
  const token = useSession((s) => s.token);
  const lang = useLangStore((s) => s.lang);
  const [percent, setPercent] = useState<number | null>(null);
  return (
    <Space align="center">
      <AuthImage url={value ? `/api/file/${value}` : null} />
      <Upload
        accept="image/jpeg,image/png"
        showUploadList={false}
        action={`/api/file/upload?kind=${kind}`}
        headers={{ token, lang }}
        data-testid={testId}
        onChange={({ file }) => {
          if (file.status === 'uploading') setPercent(Math.round(file.percent ?? 0));
          if (file.status === 'done' || file.status === 'error') {
            setPercent(null);
            const res = file.response as Envelope<FileInfo> | undefined;
            if (res?.code === 0) onChange?.(res.value.id);
            else message.error(res?.message ?? String(file.error ?? ''));
          }
        }}
      >
        <Button icon={<UploadOutlined />}>{t('form.upload')}</Button>
      </Upload>
      {percent !== null && <Progress type="circle" size={32} percent={percent} />}
    </Space>
  );
}
