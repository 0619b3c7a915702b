import type { RecordDetail } from '@pineguard/contract';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Result,
  Skeleton,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { lazy, Suspense } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import { RecordAnomalies } from '../../anomalies/index.ts';
import { useRecordDetail, useUploadColumns } from '../api.ts';
import { isMediaCode, isMultiCode, splitMulti } from '../columns.ts';
import { formatAlt, formatCoord, sectionNamer } from '../format.ts';
import { useRecordsT } from '../messages.ts';
import { offeredActions, type ReviewAction } from '../review.ts';
import { useDrawerKeys } from './drawerKeys.ts';
import { FsdFlag } from './FsdFlag.tsx';
import { HistoryTimeline, showValue } from './HistoryTimeline.tsx';
import { MediaGallery } from './MediaGallery.tsx';
import { StateTag } from './StateTag.tsx';

// Leaflet is loaded only when a detail opens.
const RecordMap = lazy(() => import('./RecordMap.tsx'));

export type DetailActions = {
  canReview: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onReview: (action: ReviewAction, ids: string[]) => void;
  onCorrect: (record: RecordDetail) => void;
  onDelete: (ids: string[]) => void;
  onRestore: (ids: string[]) => void;
};

/** Stepping through the list from the drawer (issue 29): buttons, keys and where it stands. */
export type DrawerNav = {
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  /** The record's place in the whole filtered list, when it is on the page shown. */
  position: { index: number; count: number } | null;
  /** False while a dialog is open above the drawer. */
  keys: boolean;
};

/** A place name; the field app's "0.0" for "none given" is none. */
const placeName = (value: string) => (value === '0.0' ? '' : value);

/** A number that never breaks mid-digit. */
const Num = ({ children }: { children: React.ReactNode }) => (
  <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{children}</span>
);

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section style={{ marginBottom: 20 }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function FieldValue({
  code,
  value,
  options,
}: {
  code: string;
  value: unknown;
  options: Record<string, string>;
}) {
  if (isMultiCode(code) || Array.isArray(value)) {
    const parts = splitMulti(value);
    if (!parts.length) return <>—</>;
    return (
      <Space size={[0, 4]} wrap>
        {parts.map((p) => (
          <Tag key={p}>{options[p] ?? p}</Tag>
        ))}
      </Space>
    );
  }
  return <>{options[String(value)] ?? showValue(value)}</>;
}

export function RecordBody({ record }: { record: RecordDetail }) {
  const t = useRecordsT();
  const long = Number(record.gps_long);
  const lat = Number(record.gps_lat);
  const hasPoint = Number.isFinite(long) && Number.isFinite(lat) && (long !== 0 || lat !== 0);
  const columns = record.columnList
    .filter((c) => !isMediaCode(c.code))
    .slice()
    .sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code));
  const labels = Object.fromEntries(record.columnList.map((c) => [c.code, c.value]));
  const empty = t('detail.empty');
  const reasonShown = (record.code_state === '30' || record.code_state === '40') && record.state_reason;
  // Sections by name (第一标段), the code where the project's sections do not name it.
  const sections = useUploadColumns(record.code_project2 || undefined, undefined);
  const sectionName = sectionNamer(sections.data?.sections)(record.code_project4);
  const long6 = formatCoord(record.gps_long);
  const lat6 = formatCoord(record.gps_lat);
  const alt1 = formatAlt(record.gps_alt);
  return (
    <>
      {reasonShown && (
        <Alert
          type={record.code_state === '40' ? 'error' : 'warning'}
          showIcon
          style={{ marginBottom: 16 }}
          title={t('detail.reason', {
            state: record.code_state === '40' ? t('action.reject') : t('action.return'),
            reason: record.state_reason ?? '',
          })}
        />
      )}
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 20 }}>
        <Descriptions.Item label={t('col.xmdq')}>{record.xmdq || empty}</Descriptions.Item>
        <Descriptions.Item label={t('col.section')}>
          <span data-testid="detail-section" title={record.code_project4}>
            {sectionName || empty}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('col.collector')}>{record.userName || empty}</Descriptions.Item>
        <Descriptions.Item label={t('col.timeSubmit')}>
          {formatDateTime(record.time_submit, { seconds: true, fallback: '—' })}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.received')}>
          {formatDateTime(record.time_update, { seconds: true, fallback: '—' })}
        </Descriptions.Item>
        <Descriptions.Item label={t('detail.id')}>
          <Typography.Text copyable style={{ fontSize: 12 }}>
            {record.id}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {/* 疑点 (issue 26): what the checks found on this record, with explain / confirm. */}
      <RecordAnomalies recordId={record.id} prjCode={record.code_project2 || undefined} />
      <Section title={t('detail.fields')}>
        <Descriptions size="small" column={2} bordered data-testid="record-fields">
          {columns.map((c) => (
            <Descriptions.Item
              key={c.code}
              label={
                c.retired ? (
                  <Space size={4}>
                    {c.value}
                    <Tag>{t('retired')}</Tag>
                  </Space>
                ) : (
                  c.value
                )
              }
            >
              <FieldValue
                code={c.code}
                value={record[c.code]}
                options={Object.fromEntries((c.rules.options ?? []).map((o) => [o.value, o.label]))}
              />
              {c.rules.unit && record[c.code] !== null && record[c.code] !== undefined
                ? ` ${c.rules.unit}`
                : ''}
              {c.code === 'fsd' && record.fsd_flag && (
                <>
                  {' '}
                  <FsdFlag flag={record.fsd_flag} />
                </>
              )}
            </Descriptions.Item>
          ))}
        </Descriptions>
        {record.user_edit && record.time_edit && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('detail.lastEdit', {
              user: record.user_edit,
              time: formatDateTime(record.time_edit, { seconds: true, fallback: '—' }),
            })}
          </Typography.Paragraph>
        )}
      </Section>
      <section style={{ marginBottom: 20 }}>
        <MediaGallery media={record.media} labels={labels} />
      </section>
      <Section title={t('detail.location')}>
        {/* Two pairs a row: a coordinate never wraps mid-digit in the 760 px drawer. */}
        <Descriptions
          size="small"
          column={2}
          bordered
          style={{ marginBottom: 8 }}
          data-testid="record-location"
        >
          <Descriptions.Item label={t('col.gpsLong')}>
            <Num>{long6 || empty}</Num>
          </Descriptions.Item>
          <Descriptions.Item label={t('col.gpsLat')}>
            <Num>{lat6 || empty}</Num>
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.alt')}>
            <Num>{alt1 || empty}</Num>
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.rangeLabel')}>
            <Num>{record.gps_range || empty}</Num>
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.xian')}>
            {placeName(record.gps_xian) || empty}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.xiang')}>
            {placeName(record.gps_xiang) || empty}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.xzcun')}>
            {placeName(record.gps_xzcun) || empty}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.xiaoban')}>
            {placeName(record.gps_xiaoban) || empty}
          </Descriptions.Item>
        </Descriptions>
        {hasPoint ? (
          <div data-testid="record-map">
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 220 }} />}>
              <RecordMap
                long={long}
                lat={lat}
                range={Number(record.gps_range) || 0}
                label={`${long6}, ${lat6}`}
              />
            </Suspense>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('detail.mapNote')}
            </Typography.Text>
          </div>
        ) : (
          <Typography.Text type="secondary">{t('detail.noPoint')}</Typography.Text>
        )}
      </Section>
      <Section title={t('detail.history')}>
        <HistoryTimeline entries={record.record} />
      </Section>
    </>
  );
}

/** The detail drawer (spec §2): photos, videos, fields, map point and the timeline of history. */
export function RecordDetailDrawer({
  id,
  onClose,
  actions,
  nav,
}: {
  id: string | null;
  onClose: () => void;
  actions: DetailActions;
  /** Next / previous along the list it was opened from (buttons, J/K and ←/→). */
  nav?: DrawerNav | undefined;
}) {
  const t = useRecordsT();
  const detail = useRecordDetail(id);
  // The record shown is the one asked for (never the previous one while the next loads).
  const record = detail.data?.id === id ? detail.data : undefined;
  const ids = record ? [record.id] : [];
  const offered = record && !record.deleted && actions.canReview ? offeredActions([record.code_state]) : [];
  useDrawerKeys(id !== null && Boolean(nav?.keys), (key) => {
    if (key === 'next' && nav?.hasNext) nav.onNext();
    else if (key === 'prev' && nav?.hasPrev) nav.onPrev();
    else if ((key === 'approve' || key === 'reject') && offered.includes(key)) actions.onReview(key, ids);
  });
  const buttons = record ? (
    <Space wrap size={4}>
      {offered.map((a) => (
        <Button
          key={a}
          size="small"
          type={a === 'approve' ? 'primary' : 'default'}
          danger={a === 'reject'}
          onClick={() => actions.onReview(a, ids)}
        >
          {t(`action.${a}`)}
        </Button>
      ))}
      {!record.deleted && actions.canEdit && (
        <Button size="small" onClick={() => actions.onCorrect(record)}>
          {t('action.correct')}
        </Button>
      )}
      {actions.canDelete &&
        (record.deleted ? (
          <Button size="small" onClick={() => actions.onRestore(ids)}>
            {t('action.restore')}
          </Button>
        ) : (
          <Button size="small" danger onClick={() => actions.onDelete(ids)}>
            {t('action.delete')}
          </Button>
        ))}
    </Space>
  ) : null;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      title={
        <Space wrap={false}>
          {nav && (
            <Space.Compact>
              <Tooltip title={`${t('nav.prev')} (K / ←)`}>
                <Button
                  size="small"
                  icon={<LeftOutlined />}
                  aria-label={t('nav.prev')}
                  disabled={!nav.hasPrev}
                  onClick={nav.onPrev}
                  data-testid="drawer-prev"
                />
              </Tooltip>
              <Tooltip title={`${t('nav.next')} (J / →)`}>
                <Button
                  size="small"
                  icon={<RightOutlined />}
                  aria-label={t('nav.next')}
                  disabled={!nav.hasNext}
                  onClick={nav.onNext}
                  data-testid="drawer-next"
                />
              </Tooltip>
            </Space.Compact>
          )}
          {t('detail.title')}
          {record && <StateTag state={record.code_state} deleted={record.deleted} />}
          {nav?.position && (
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12, fontWeight: 'normal' }}
              data-testid="drawer-position"
            >
              {t('nav.position', nav.position)}
            </Typography.Text>
          )}
        </Space>
      }
      extra={buttons}
      footer={
        nav ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="drawer-keys">
            {t('nav.keys')}
          </Typography.Text>
        ) : undefined
      }
      destroyOnHidden
      data-testid="record-drawer"
    >
      {detail.isError ? (
        <Result status="warning" title={detail.error.message} />
      ) : !record ? (
        <Spin />
      ) : (
        <RecordBody record={record} />
      )}
    </Drawer>
  );
}
