import { Card, Table } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format.ts';
import { useClockIns } from '../api.ts';
import { useWorkersT } from '../messages.ts';
import { AuthImage } from './AuthImage.tsx';

/** The worker's clock-ins from the field app (time, section, position with accuracy, face photo). */
export function ClockInList({ workerId }: { workerId: string }) {
  const t = useWorkersT();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const query = useClockIns(workerId, page.pageNum, page.pageSize);
  return (
    <Card title={t('clockIns.title')} style={{ marginTop: 16 }} data-testid="clock-ins">
      <Table
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('clockIns.empty') }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          {
            title: t('clockIns.time'),
            dataIndex: 'time',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          { title: t('clockIns.section'), dataIndex: 'sectionName', width: 200 },
          {
            title: t('clockIns.position'),
            key: 'gps',
            width: 220,
            render: (_: unknown, r) =>
              `${r.gpsLong.toFixed(5)}, ${r.gpsLat.toFixed(5)} (±${Math.round(r.gpsRange)} m)`,
          },
          {
            title: t('clockIns.face'),
            dataIndex: 'faceUrl',
            width: 90,
            render: (url: string | null) => <AuthImage url={url} size={48} />,
          },
          { title: t('clockIns.account'), dataIndex: 'account', width: 120 },
          {
            title: t('clockIns.received'),
            dataIndex: 'receivedAt',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
        ]}
      />
    </Card>
  );
}
