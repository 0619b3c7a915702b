import type { FieldChange, HistoryEntry } from '@pineguard/contract';
import { Empty, Table, Timeline, Typography } from 'antd';
import { formatDateTime } from '../../../shared/format.ts';
import { splitMulti } from '../columns.ts';
import { type RecordsKey, useRecordsT } from '../messages.ts';

const colors: Record<HistoryEntry['action'], string> = {
  created: 'blue',
  corrected: 'purple',
  approved: 'green',
  returned: 'orange',
  rejected: 'red',
  comment: 'gray',
  deleted: 'red',
  restored: 'green',
};

/** A stored value as text: empty as a dash, lists joined. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map(String).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return splitMulti(value).length > 1 ? splitMulti(value).join('、') : String(value);
}

function Changes({ changes }: { changes: FieldChange[] }) {
  const t = useRecordsT();
  return (
    <Table<FieldChange>
      size="small"
      pagination={false}
      rowKey="field"
      style={{ marginTop: 6 }}
      dataSource={changes}
      columns={[
        { key: 'label', title: t('history.field'), dataIndex: 'label', width: 120 },
        {
          key: 'before',
          title: t('history.before'),
          render: (_, c) => (
            <Typography.Text delete type="secondary">
              {showValue(c.before)}
            </Typography.Text>
          ),
        },
        {
          key: 'after',
          title: t('history.after'),
          render: (_, c) => <Typography.Text strong>{showValue(c.after)}</Typography.Text>,
        },
      ]}
    />
  );
}

/** The record's history as the spec's timeline: who did what, when, with reasons and before/after. */
export function HistoryTimeline({ entries }: { entries: HistoryEntry[] }) {
  const t = useRecordsT();
  if (entries.length === 0)
    return <Empty description={t('history.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Timeline
      data-testid="record-timeline"
      items={entries.map((e) => ({
        key: e.id,
        color: colors[e.action],
        content: (
          <div data-testid={`history-${e.action}`}>
            <Typography.Text strong>{t(`history.${e.action}` as RecordsKey)}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {e.actorName} · {formatDateTime(e.at, { seconds: true, fallback: '—' })}
            </Typography.Text>
            {e.reason && <div>{t('history.reason', { reason: e.reason })}</div>}
            {e.changes && e.changes.length > 0 && <Changes changes={e.changes} />}
          </div>
        ),
      }))}
    />
  );
}
