import type { DroneOrtho } from '@pineguard/contract';
import { Alert, Button, Popconfirm, Progress, Space, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { http } from '../../../shared/http.ts';
import { uploadOrtho, useDroneAction, useOrthos } from '../api.ts';
import { useT } from '../messages.ts';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** The project's orthophotos: upload (in parts, with progress), detect, delete. */
export function OrthoList({ onView }: { onView: (id: string) => void }) {
  const t = useT();
  const orthos = useOrthos();
  const [progress, setProgress] = useState<{ name: string; done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const detect = useDroneAction((id: string) => http.post(`/api/drone/orthophotos/${id}/detect`));
  const remove = useDroneAction((id: string) => http.delete(`/api/drone/orthophotos/${id}`));
  const upload = useDroneAction(async (file: File) => {
    setError(null);
    setDone(null);
    try {
      const o = await uploadOrtho(file, (d, total) => setProgress({ name: file.name, done: d, total }));
      setDone(o.name);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(null);
    }
  });
  const state = (o: DroneOrtho) => {
    if (o.state === 'uploading') return <Tag>{t('ortho.resume')}</Tag>;
    const colour = {
      none: 'default',
      queued: 'processing',
      running: 'processing',
      done: 'success',
      failed: 'error',
    }[o.detectState];
    const text =
      o.detectState === 'running'
        ? t('detect.running', { p: o.detectProgress })
        : t(`detect.${o.detectState}`);
    return (
      <Tag color={colour} title={o.detectMessage}>
        {text}
      </Tag>
    );
  };
  // Shown only while the overviews are not ready: a done pyramid needs no word.
  const overview = (o: DroneOrtho) => {
    if (o.state !== 'ready' || o.overviewState === 'done' || o.overviewState === 'none') return null;
    const text =
      o.overviewState === 'running'
        ? t('overview.running', { p: o.overviewProgress })
        : t(`overview.${o.overviewState}`);
    return (
      <Tag
        color={o.overviewState === 'failed' ? 'error' : 'processing'}
        title={t('overview.hint')}
        data-testid="drone-overview-state"
      >
        {text}
      </Tag>
    );
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Upload
        accept=".tif,.tiff,image/tiff"
        showUploadList={false}
        beforeUpload={(file) => {
          upload.mutate(file);
          return false;
        }}
      >
        <Button type="primary" loading={Boolean(progress)} data-testid="drone-upload">
          {t('ortho.upload')}
        </Button>
      </Upload>
      {progress && (
        <div data-testid="drone-upload-progress">
          {progress.done < progress.total
            ? t('ortho.uploading', { name: progress.name, done: progress.done, total: progress.total })
            : t('ortho.checking')}
          <Progress percent={Math.round((progress.done / Math.max(1, progress.total)) * 100)} />
        </div>
      )}
      {error && <Alert type="error" showIcon message={error} data-testid="drone-upload-error" />}
      {done && <Alert type="success" showIcon message={t('ortho.uploaded', { name: done })} />}
      <Table<DroneOrtho>
        rowKey="id"
        size="small"
        loading={orthos.isLoading}
        dataSource={orthos.data?.list ?? []}
        pagination={false}
        // A bare string is drawn in the placeholder's disabled grey (fails contrast); Typography's
        // secondary colour reads.
        locale={{ emptyText: <Typography.Text type="secondary">{t('ortho.empty')}</Typography.Text> }}
        columns={[
          // Without a floor the fixed columns take the row and 名称 wraps to two lines (empty list).
          { title: t('ortho.name'), dataIndex: 'name', minWidth: 160 },
          { title: t('ortho.size'), dataIndex: 'size', render: mb, width: 100 },
          { title: t('ortho.pixels'), render: (_, o) => `${o.width} × ${o.height}`, width: 130 },
          { title: t('ortho.crs'), render: (_, o) => (o.epsg ? `EPSG:${o.epsg}` : '—'), width: 110 },
          {
            title: t('ortho.gsd'),
            render: (_, o) => (o.gsd ? `${(o.gsd * 100).toFixed(1)} cm` : '—'),
            width: 90,
          },
          { title: t('ortho.detectState'), render: (_, o) => state(o), width: 120 },
          { title: t('ortho.overview'), render: (_, o) => overview(o) ?? '—', width: 150 },
          { title: t('ortho.candidates'), dataIndex: 'candidates', width: 80 },
          {
            title: '',
            width: 260,
            render: (_, o) =>
              o.state === 'ready' && (
                <Space>
                  <Button
                    size="small"
                    onClick={() => detect.mutate(o.id)}
                    disabled={o.detectState === 'queued' || o.detectState === 'running'}
                  >
                    {o.detectState === 'done' ? t('ortho.detectAgain') : t('ortho.detect')}
                  </Button>
                  <Button size="small" type="link" onClick={() => onView(o.id)}>
                    {t('ortho.view')}
                  </Button>
                  <Popconfirm title={t('ortho.deleteConfirm')} onConfirm={() => remove.mutate(o.id)}>
                    <Button size="small" danger type="link">
                      {t('ortho.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
          },
        ]}
      />
    </Space>
  );
}
