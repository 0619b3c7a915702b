import type { LwryItem } from '@pineguard/contract';
import { App, Button, Card, Empty, Modal, Space, Tag } from 'antd';
import { useFaceUpdate, useFaces } from '../api.ts';
import { useWorkersT } from '../messages.ts';
import { AuthImage } from './AuthImage.tsx';
import { PhotoUpload } from './PhotoUpload.tsx';

/**
 * Face photos of a worker: list, add, make one current (the list refreshes after each change).
 * Without `canEdit` (no workers.manage: the government viewer, the supervisor) it only shows them.
 */
export function FaceDialog({
  worker,
  onClose,
  canEdit,
}: {
  worker: LwryItem | null;
  onClose: () => void;
  canEdit: boolean;
}) {
  const t = useWorkersT();
  const { message } = App.useApp();
  const faces = useFaces(worker?.id);
  const update = useFaceUpdate();
  const send = async (body: { fileId?: string; faceId?: string }) => {
    if (!worker) return;
    // A refusal has been shown by the http client; it is not rethrown into the upload's handler.
    const res = await update.mutateAsync({ id: worker.id, ...body, current: true }).catch(() => null);
    if (!res) return;
    message.success(res.message);
    await faces.refetch();
  };
  return (
    <Modal
      open={Boolean(worker)}
      title={worker && t('faces.title', { name: worker.name })}
      footer={null}
      onCancel={onClose}
      width={640}
    >
      {faces.isSuccess && faces.data.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('faces.none')} />
      )}
      <Space wrap size="middle" style={{ marginBottom: 16 }}>
        {(faces.data ?? []).map((f) => (
          <Card key={f.id} size="small" style={{ width: 140 }}>
            <AuthImage url={f.url} size={110} />
            <div style={{ marginTop: 8 }}>
              {f.current ? (
                <Tag color="green">{t('faces.current')}</Tag>
              ) : (
                canEdit && (
                  <Button size="small" onClick={() => send({ faceId: f.id })}>
                    {t('faces.setCurrent')}
                  </Button>
                )
              )}
            </div>
          </Card>
        ))}
      </Space>
      {canEdit && (
        <div>
          <span style={{ marginRight: 8 }}>{t('faces.add')}</span>
          <PhotoUpload kind="face" onChange={(fileId) => fileId && send({ fileId })} testId="face-add" />
        </div>
      )}
    </Modal>
  );
}
