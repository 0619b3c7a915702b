import { UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { Envelope, FileInfo } from '@pineguard/contract';
import { Button, Space, Upload } from 'antd';
import type { UploadFile } from 'antd/es/upload/interface';
import { useLangStore } from '../../locales/index.ts';
import { useSession } from '../session.ts';

/** Where a photo or video goes: the files feature's upload (the selected project's). */
export const fileUploadUrl = (kind: 'photo' | 'video') => `/api/file/upload?kind=${kind}`;

/** An uploaded file's id, or null while it uploads or when the server refused it. */
export function uploadedId(file: UploadFile): string | null {
  const body = file.response as Envelope<Pick<FileInfo, 'id'>> | undefined;
  return file.status === 'done' && body?.code === 0 ? body.value.id : null;
}

/** A file already stored (an edited item's photo) as an upload-list entry `uploadedId` reads back. */
export function storedFile(file: {
  fileId: string;
  name: string;
  url: string;
  thumbUrl: string;
}): UploadFile {
  const response: Envelope<Pick<FileInfo, 'id'>> = { code: 0, message: '', value: { id: file.fileId } };
  return {
    uid: file.fileId,
    name: file.name,
    status: 'done',
    url: file.url,
    thumbUrl: file.thumbUrl,
    response,
  };
}

/** Form.Item `getValueFromEvent`: marks a file the server answered with a non-zero code as failed, with its message. */
export function normFiles(e: { fileList: UploadFile[] } | UploadFile[]): UploadFile[] {
  const list = Array.isArray(e) ? e : e.fileList;
  return list.map((f) => {
    const body = f.response as Envelope<unknown> | undefined;
    if (f.status === 'done' && body && body.code !== 0)
      return { ...f, status: 'error', error: new Error(body.message) };
    return f;
  });
}

/**
 * Photos or a video uploaded as they are picked, each with its progress bar, for a Form.Item
 * with `getValueFromEvent={normFiles}` (its value is the upload list; `uploadedId` gives the ids).
 * Used by the records' PC upload and correction forms, the burn-point form and the safety ledger.
 */
export function FileUpload({
  kind,
  pickLabel,
  maxCount = 9,
  value,
  onChange,
  onPreview,
  testId,
}: {
  kind: 'photo' | 'video';
  pickLabel: string;
  maxCount?: number;
  value?: UploadFile[];
  onChange?: (v: unknown) => void;
  onPreview?: (file: UploadFile) => void;
  testId?: string;
}) {
  const token = useSession((s) => s.token);
  const lang = useLangStore((s) => s.lang);
  const list = value ?? [];
  const common = {
    action: fileUploadUrl(kind),
    name: 'file',
    headers: { token, lang },
    fileList: list,
    onChange: (info: { fileList: UploadFile[] }) => onChange?.(info),
    // The list shows each file's progress while it uploads.
    progress: { size: 2, showInfo: false },
    ...(onPreview ? { onPreview } : {}),
  };
  const control =
    kind === 'photo' ? (
      <Upload
        {...common}
        listType="picture-card"
        accept="image/jpeg,image/png,image/webp"
        maxCount={maxCount}
        multiple
      >
        {list.length < maxCount && (
          <Space direction="vertical" size={2}>
            <UploadOutlined />
            {pickLabel}
          </Space>
        )}
      </Upload>
    ) : (
      <Upload {...common} accept="video/mp4,video/quicktime,video/webm" maxCount={1}>
        <Button icon={<VideoCameraOutlined />}>{pickLabel}</Button>
      </Upload>
    );
  return testId ? <div data-testid={testId}>{control}</div> : control;
}
