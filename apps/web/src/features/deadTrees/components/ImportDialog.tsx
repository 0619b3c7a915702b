import { UploadOutlined } from '@ant-design/icons';
import type { Envelope, KsssUploadItem } from '@pineguard/contract';
import { Alert, App, Button, Modal, Progress, Space, Typography, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLangStore } from '../../../locales/index.ts';
import { useSession } from '../../../shared/session.ts';
import { deadTreesKey, downloadFile, downloadTemplate, useCancelUpload, useUploadTask } from '../api.ts';
import { useDeadTreesT } from '../messages.ts';

/**
 * Upload a census spreadsheet: the upload's own progress, then the import job's progress (the
 * task polled every second), then its result with the error report to download.
 */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useDeadTreesT();
  const { message } = App.useApp();
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const lang = useLangStore((s) => s.lang);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [taskId, setTaskId] = useState<string | null>(null);
  const task = useUploadTask(taskId).data;
  const finished = task?.state === 2 || task?.state === 3;
  const cancel = useCancelUpload();

  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: deadTreesKey });
  }, [finished, client]);

  const close = () => {
    setTaskId(null);
    setUploadPercent(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('dialog.title')}
      onCancel={close}
      footer={<Button onClick={close}>{t('dialog.close')}</Button>}
      destroyOnHidden
      width={560}
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('dialog.hint')}
        </Typography.Paragraph>
        <Space wrap>
          <Upload
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            showUploadList={false}
            action="/api/sync/ksssExcelUpload"
            headers={{ token, lang }}
            disabled={uploadPercent !== null || (Boolean(taskId) && !finished)}
            onChange={({ file }) => {
              if (file.status === 'uploading') setUploadPercent(Math.round(file.percent ?? 0));
              if (file.status === 'done' || file.status === 'error') {
                setUploadPercent(null);
                const res = file.response as Envelope<KsssUploadItem> | undefined;
                if (res?.code === 0) {
                  setTaskId(res.value.id);
                  client.setQueryData([...deadTreesKey, 'task', res.value.id], res.value);
                  if (res.message) message.info(res.message);
                  void client.invalidateQueries({ queryKey: [...deadTreesKey, 'uploads'] });
                } else message.error(res?.message ?? String(file.error ?? ''));
              }
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} data-testid="ksss-upload">
              {t('dialog.choose')}
            </Button>
          </Upload>
          <Button onClick={() => void downloadTemplate()}>{t('template')}</Button>
        </Space>
        {uploadPercent !== null && (
          <div>
            <Typography.Text>{t('dialog.uploading')}</Typography.Text>
            <Progress percent={uploadPercent} />
          </div>
        )}
        {task && !finished && (
          <div>
            <Typography.Text>
              {t('dialog.importing')} · {t(`task.${task.state}`)}
            </Typography.Text>
            <Progress percent={task.progress} status="active" />
            <Button
              danger
              size="small"
              loading={cancel.isPending}
              data-testid="ksss-cancel"
              onClick={() =>
                void cancel
                  .mutateAsync(task.id)
                  .then(({ value }) => client.setQueryData([...deadTreesKey, 'task', value.id], value))
                  .catch((error: unknown) =>
                    message.error(error instanceof Error ? error.message : String(error)),
                  )
              }
            >
              {t('cancel.label')}
            </Button>
          </div>
        )}
        {task?.state === 2 && (
          <Alert
            type={task.rejected ? 'warning' : 'success'}
            showIcon
            message={t('dialog.done', { rows: task.rows, accepted: task.accepted, rejected: task.rejected })}
            action={
              task.errorUrl ? (
                <Button size="small" onClick={() => void downloadFile(task.errorUrl, 'errors.xlsx')}>
                  {t('errorReport')}
                </Button>
              ) : undefined
            }
          />
        )}
        {task?.state === 3 && (
          <Alert type="error" showIcon message={t('dialog.failed', { message: task.message })} />
        )}
      </Space>
    </Modal>
  );
}
