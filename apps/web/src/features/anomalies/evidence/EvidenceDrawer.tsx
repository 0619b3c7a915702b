import {
  type AnomalyItem,
  type EvidencePhoto,
  type EvidenceRecord,
  evidenceNotes,
} from '@pineguard/contract';
import { Alert, Card, Col, Descriptions, Drawer, Empty, Image, Row, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useLangStore } from '../../../locales/index.ts';
import { useProjectCode } from '../api.ts';
import { KindTag, useSections } from '../components/AnomalyTags.tsx';
import { evidenceText } from '../evidence.ts';
import { useEvidenceView } from './api.ts';
import { useEvidenceT } from './messages.ts';

const EvidenceMap = lazy(() => import('./EvidenceMap.tsx'));
const placeKinds = new Set(['photo_place', 'outside_section', 'outside_county']);

/** One record's photos with their EXIF facts; `marked` (the photo the anomaly names) framed. */
function RecordCard({ title, record, marked }: { title: string; record: EvidenceRecord; marked: string[] }) {
  const t = useEvidenceT();
  return (
    <Card size="small" title={title} data-testid={`evidence-record-${record.id}`}>
      <Typography.Paragraph style={{ marginBottom: 8 }} data-testid="evidence-record-at">
        {t('recordAt', { at: record.at })}
        <br />
        <Typography.Text type="secondary">
          {t('recordGps', { lat: record.lat.toFixed(5), lng: record.lng.toFixed(5), range: record.gpsRange })}
        </Typography.Text>
      </Typography.Paragraph>
      {record.photos.length === 0 && <Empty description={t('noPhotos')} />}
      <Image.PreviewGroup>
        {record.photos.map((p) => (
          <PhotoTile key={p.id} photo={p} marked={marked.includes(p.id)} />
        ))}
      </Image.PreviewGroup>
    </Card>
  );
}

function PhotoTile({ photo, marked }: { photo: EvidencePhoto; marked: boolean }) {
  const t = useEvidenceT();
  return (
    <figure
      style={{
        margin: '0 0 8px',
        padding: 4,
        border: `2px solid ${marked ? 'var(--ant-color-error, #d4380d)' : 'transparent'}`,
        borderRadius: 6,
      }}
      data-testid={marked ? 'evidence-photo-marked' : 'evidence-photo'}
    >
      <Image
        src={photo.url}
        alt={photo.takenAt ?? photo.id}
        width="100%"
        style={{ maxHeight: 260, objectFit: 'contain' }}
      />
      <figcaption>
        <Typography.Text type={marked ? 'danger' : 'secondary'}>
          {photo.takenAt ? t('takenAt', { at: photo.takenAt }) : t('noTime')}
          {photo.lat !== null &&
            photo.lng !== null &&
            ` · ${t('photoGps', { lat: photo.lat.toFixed(5), lng: photo.lng.toFixed(5) })}`}
        </Typography.Text>
      </figcaption>
    </figure>
  );
}

/**
 * The evidence of one photo or place anomaly, side by side: the two photos of a duplicate (this
 * record's and the earlier record's), a photo's time beside the record's, the record on the map
 * with its section's outline and the distance. Notes that are not anomalies (no EXIF, 0,0, a
 * section without outline) are said once at the top.
 */
export function EvidenceDrawer({ anomaly, onClose }: { anomaly: AnomalyItem | null; onClose: () => void }) {
  const t = useEvidenceT();
  const lang = useLangStore((s) => s.lang);
  const prjCode = useProjectCode();
  const view = useEvidenceView(anomaly?.id ?? null, prjCode);
  const { sectionName } = useSections(prjCode);
  const v = view.data;
  const ev = anomaly?.evidence ?? {};
  const marked = [ev.photoId, ev.otherPhotoId].filter((x): x is string => typeof x === 'string');
  const photoAt =
    anomaly?.kind === 'photo_place' && typeof ev.photoLat === 'number' && typeof ev.photoLng === 'number'
      ? { lat: ev.photoLat, lng: ev.photoLng }
      : undefined;
  return (
    <Drawer
      open={anomaly !== null}
      onClose={onClose}
      size={960}
      title={
        anomaly && (
          <span>
            {t('title')} <KindTag kind={anomaly.kind} />
          </span>
        )
      }
      destroyOnHidden
      data-testid="evidence-drawer"
    >
      {anomaly && (
        <Typography.Title level={5} data-testid="evidence-sentence">
          {evidenceText(anomaly.kind, anomaly.evidence, lang, sectionName)}
        </Typography.Title>
      )}
      {view.isLoading && <Skeleton active />}
      {v && (
        <>
          {v.notes.length > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('notes')}
              description={v.notes
                .map((n) => evidenceNotes[n as keyof typeof evidenceNotes]?.[lang] ?? n)
                .join('；')}
              data-testid="evidence-notes"
            />
          )}
          {anomaly?.kind === 'photo_time' && (
            <Descriptions
              size="small"
              bordered
              column={2}
              style={{ marginBottom: 12 }}
              data-testid="evidence-times"
            >
              <Descriptions.Item label={t('takenAt', { at: '' })}>
                {String(ev.photoAt ?? t('noTime'))}
              </Descriptions.Item>
              <Descriptions.Item label={t('recordAt', { at: '' })}>
                {String(ev.recordAt ?? v.record.at)}
              </Descriptions.Item>
            </Descriptions>
          )}
          {anomaly && placeKinds.has(anomaly.kind) && (
            <div style={{ marginBottom: 12 }} data-testid="evidence-map">
              <Suspense fallback={<Skeleton active />}>
                <EvidenceMap
                  record={v.record}
                  sectionName={sectionName(v.record.sectionCode)}
                  outline={v.outline}
                  photo={photoAt}
                  distanceLabel={
                    typeof ev.distanceM === 'number' ? t('distance', { distance: ev.distanceM }) : undefined
                  }
                />
              </Suspense>
              <Typography.Text type="secondary">{t('mapHint')}</Typography.Text>
            </div>
          )}
          <Row gutter={12} data-testid="evidence-side-by-side">
            <Col span={v.other || anomaly?.otherRecordId ? 12 : 24}>
              <RecordCard title={t('thisRecord')} record={v.record} marked={marked} />
            </Col>
            {v.other && (
              <Col span={12}>
                <RecordCard title={t('otherRecord')} record={v.other} marked={marked} />
              </Col>
            )}
            {!v.other && anomaly?.otherRecordId && (
              <Col span={12}>
                <Alert type="warning" title={t('hidden')} />
              </Col>
            )}
          </Row>
        </>
      )}
    </Drawer>
  );
}
