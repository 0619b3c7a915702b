import { Modal } from 'antd';
import { useT } from '../../locales/index.ts';

/** Video player dialog (spec §2): titled "live video", 900×450 by default. */
export function VideoPlayerDialog({
  open,
  src,
  onClose,
  width = 900,
  height = 450,
  title,
}: {
  open: boolean;
  src: string;
  onClose: () => void;
  width?: number;
  height?: number;
  title?: string;
}) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={title ?? t('video.title')}
      onCancel={onClose}
      footer={null}
      width={width + 48}
      destroyOnHidden
      centered
    >
      {/* Live camera feeds come without captions. */}
      <video
        src={src}
        controls
        autoPlay
        width={width}
        height={height}
        style={{ maxWidth: '100%', background: '#000' }}
      >
        {t('video.unsupported')}
      </video>
    </Modal>
  );
}
