import { PlusOutlined } from '@ant-design/icons';
import type { AcceptanceSample } from '@pineguard/contract';
import { App, Button, Card, Empty, Progress, Table } from 'antd';
import { useState } from 'react';
import { useCan } from '../../../shared/permissions.ts';
import { useSession } from '../../../shared/session.ts';
import { useSamples } from '../api.ts';
import { DrawDialog } from '../components/DrawDialog.tsx';
import { SampleDetail } from '../components/SampleDetail.tsx';
import { percent } from '../components/StrataTable.tsx';
import { useAcceptanceT } from '../messages.ts';

/**
 * /acceptance (检查验收): the project's samples newest first with their check progress and pass
 * rate; drawing a sample (acceptance.manage); a sample's detail with its records, checks and the
 * county's Excel export.
 */
export default function AcceptancePage() {
  const t = useAcceptanceT();
  const can = useCan();
  const { message } = App.useApp();
  const prjCode = useSession((s) => s.project?.code);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [drawing, setDrawing] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const samples = useSamples(page, prjCode);
  const canManage = can('acceptance.manage');
  if (openId) return <SampleDetail id={openId} canCheck={canManage} onBack={() => setOpenId(null)} />;
  return (
    <Card
      size="small"
      title={t('title')}
      extra={
        canManage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDrawing(true)}
            data-testid="acceptance-draw"
          >
            {t('draw')}
          </Button>
        )
      }
    >
      <Table<AcceptanceSample>
        size="small"
        rowKey="id"
        loading={samples.isFetching}
        dataSource={samples.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('empty')} /> }}
        data-testid="acceptance-samples"
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: samples.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        onRow={(r) => ({ onDoubleClick: () => setOpenId(r.id) })}
        columns={[
          { title: t('col.name'), dataIndex: 'name' },
          { title: t('col.createdAt'), dataIndex: 'createdAt', width: 170 },
          { title: t('col.createdBy'), dataIndex: 'createdBy', width: 100 },
          { title: t('col.share'), dataIndex: 'sharePct', width: 70, render: (v: number) => `${v}%` },
          { title: t('col.seed'), dataIndex: 'seed', width: 150 },
          {
            title: t('col.drawn'),
            key: 'drawn',
            width: 110,
            render: (_, r) => `${r.drawn} / ${r.population}`,
          },
          {
            title: t('col.progress'),
            key: 'progress',
            width: 180,
            render: (_, r) => (
              <Progress
                size="small"
                percent={r.drawn ? Math.round((r.checked / r.drawn) * 100) : 0}
                format={() => `${r.checked}/${r.drawn}`}
                aria-label={t('col.progress')}
              />
            ),
          },
          { title: t('col.passRate'), dataIndex: 'passRate', width: 90, render: percent },
          {
            title: t('col.actions'),
            key: 'open',
            width: 80,
            render: (_, r) => (
              <Button size="small" type="link" onClick={() => setOpenId(r.id)}>
                {t('open')}
              </Button>
            ),
          },
        ]}
      />
      <DrawDialog
        open={drawing}
        onClose={() => setDrawing(false)}
        onDrawn={(s) => {
          setDrawing(false);
          message.success(t('draw.done', { drawn: s.drawn, population: s.population }));
          setOpenId(s.id);
        }}
      />
    </Card>
  );
}
