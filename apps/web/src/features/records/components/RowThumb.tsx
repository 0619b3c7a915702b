import { CameraOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { RecordRow } from '@pineguard/contract';
import { Flex, Image, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useRecordDetail } from '../api.ts';
import { mediaCounts } from '../columns.ts';
import { useRecordsT } from '../messages.ts';

/** Thumbnail size in the row (4:3, the phones' photo shape). */
const W = 48;
const H = 36;

/** True once the element has been on screen (never where the browser cannot tell: no fetch then). */
function useSeen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    });
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return [ref, seen];
}

/**
 * The row's first photo as a small thumbnail (click: the full photo), with the number of photos
 * and videos. The list signs the first photo's links (thumbUrl, photoUrl); a row without them (an
 * older server) asks for the record's detail once the row is on screen.
 */
export function RowThumb({ row }: { row: RecordRow }) {
  const t = useRecordsT();
  const { photos, videos } = mediaCounts(row);
  const [ref, seen] = useSeen<HTMLDivElement>();
  const given = typeof row['thumbUrl'] === 'string' ? row['thumbUrl'] : null;
  const detail = useRecordDetail(photos > 0 && seen && !given ? row.id : null);
  const first = detail.data?.media.find((m) => m.kind === 'photo');
  const thumb = given ?? first?.thumbUrl ?? first?.url ?? null;
  if (!photos && !videos) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex ref={ref} align="center" gap={6} data-testid="row-thumb">
      {photos > 0 &&
        (thumb ? (
          <Image
            width={W}
            height={H}
            src={thumb}
            preview={first ? { src: first.url } : row.photoUrl ? { src: row.photoUrl } : true}
            alt={t('photo.count', { count: photos })}
            style={{ objectFit: 'cover', borderRadius: 3, display: 'block' }}
          />
        ) : (
          <div
            aria-hidden
            style={{
              width: W,
              height: H,
              borderRadius: 3,
              background: 'var(--ant-color-fill-tertiary, #f0f0f0)',
              display: 'grid',
              placeItems: 'center',
            }}
          >
            <CameraOutlined />
          </div>
        ))}
      <Flex vertical style={{ fontSize: 12, lineHeight: 1.3 }}>
        {photos > 1 && (
          <Tooltip title={t('photo.count', { count: photos })}>
            <span>
              <CameraOutlined /> {photos}
            </span>
          </Tooltip>
        )}
        {videos > 0 && (
          <span>
            <VideoCameraOutlined /> {videos}
          </span>
        )}
      </Flex>
    </Flex>
  );
}
