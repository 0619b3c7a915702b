import { PlayCircleOutlined } from '@ant-design/icons';
import type { RecordMedia } from '@pineguard/contract';
import { Button, Card, Empty, Flex, Image, Typography } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import { VideoPlayerDialog } from '../../../shared/ui/VideoPlayerDialog.tsx';
import { useRecordsT } from '../messages.ts';

/**
 * Photos as thumbnails that open the full image (zoom, rotate, step through the group), each
 * with its field label and EXIF time; videos open in the spec's 900×450 "live video" dialog.
 * URLs are the server's short-lived signed ones.
 */
export function MediaGallery({ media, labels }: { media: RecordMedia[]; labels: Record<string, string> }) {
  const t = useRecordsT();
  const [playing, setPlaying] = useState<RecordMedia | null>(null);
  const photos = media.filter((m) => m.kind === 'photo');
  const videos = media.filter((m) => m.kind === 'video');
  return (
    <>
      <Typography.Title level={5}>{t('detail.photos')}</Typography.Title>
      {photos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noPhotos')} />
      ) : (
        <Image.PreviewGroup>
          <Flex wrap gap={12} data-testid="record-photos">
            {photos.map((p) => (
              <figure key={p.fileId} style={{ margin: 0, width: 120 }}>
                <Image
                  width={120}
                  height={90}
                  style={{ objectFit: 'cover', borderRadius: 4 }}
                  src={p.thumbUrl ?? p.url}
                  preview={{ src: p.url }}
                  alt={labels[p.field] ?? p.name}
                />
                <figcaption style={{ fontSize: 12, lineHeight: 1.4 }}>
                  <div>{labels[p.field] ?? p.field}</div>
                  {p.takenAt && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('detail.takenAt', {
                        time: formatDateTime(p.takenAt, { seconds: true, fallback: '—' }),
                      })}
                    </Typography.Text>
                  )}
                </figcaption>
              </figure>
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('detail.videos')}
      </Typography.Title>
      {videos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noVideos')} />
      ) : (
        <Flex wrap gap={12}>
          {videos.map((v) => (
            <Card key={v.fileId} size="small" style={{ width: 200 }}>
              <Typography.Text ellipsis>{labels[v.field] ?? v.field}</Typography.Text>
              <Button
                block
                icon={<PlayCircleOutlined />}
                onClick={() => setPlaying(v)}
                style={{ marginTop: 8 }}
              >
                {t('detail.play')}
              </Button>
            </Card>
          ))}
        </Flex>
      )}
      <VideoPlayerDialog open={playing !== null} src={playing?.url ?? ''} onClose={() => setPlaying(null)} />
    </>
  );
}
