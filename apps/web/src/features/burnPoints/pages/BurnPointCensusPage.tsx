import type { BurnCensusItem } from '@pineguard/contract';
import { Card, Col, Row, Table, type TableColumnsType, Tag, theme } from 'antd';
import { Marker, Tooltip } from 'react-leaflet';
import { BaseMap, markerIcon, useSectionBoundaries } from '../../../shared/map/index.ts';
import { EChart } from '../../../shared/ui/EChart.tsx';
import { useAllBurnPoints, useBurnCensus, useProjectCounty } from '../api.ts';
import { useBurnPointsT } from '../messages.ts';
import { stateColor } from './BurnPointListPage.tsx';

/** /fsdmanager/census: per burn point burns, quantity by unit, last burn and approved burns; chart and map. */
export default function BurnPointCensusPage() {
  const t = useBurnPointsT();
  const { token } = theme.useToken();
  const census = useBurnCensus();
  const points = useAllBurnPoints();
  const county = useProjectCounty();
  const boundaries = useSectionBoundaries();
  const rows = census.data?.list ?? [];
  const columns: TableColumnsType<BurnCensusItem> = [
    { title: t('col.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('col.type'),
      dataIndex: 'type',
      key: 'type',
      render: (v: BurnCensusItem['type']) => t(`type.${v}`),
    },
    {
      title: t('col.state'),
      dataIndex: 'state',
      key: 'state',
      render: (v: BurnCensusItem['state']) => <Tag color={stateColor[v]}>{t(`state.${v}`)}</Tag>,
    },
    { title: t('col.burns'), dataIndex: 'burns', key: 'burns', align: 'right' },
    {
      title: t('col.quantity'),
      key: 'quantity',
      render: (_, r) => r.quantities.map((q) => `${q.quantity} ${q.unit}`).join('，') || '—',
    },
    {
      title: t('col.lastBurn'),
      dataIndex: 'lastBurn',
      key: 'lastBurn',
      render: (v: string | null) => v ?? '—',
    },
    { title: t('col.passed'), dataIndex: 'passed', key: 'passed', align: 'right' },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card title={t('census.title')}>
          <Table<BurnCensusItem>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            loading={census.isFetching}
            pagination={false}
            locale={{ emptyText: t('census.none') }}
            data-testid="fsd-census"
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('census.chart')}>
          <EChart
            option={{
              tooltip: {},
              grid: { left: 40, right: 16, bottom: 60 },
              xAxis: {
                type: 'category',
                data: rows.map((r) => r.name),
                axisLabel: { interval: 0, rotate: 20 },
              },
              yAxis: { type: 'value', minInterval: 1 },
              series: [
                {
                  type: 'bar',
                  name: t('col.burns'),
                  data: rows.map((r) => r.burns),
                  itemStyle: { color: token.colorPrimary },
                },
                {
                  type: 'bar',
                  name: t('col.passed'),
                  data: rows.map((r) => r.passed),
                  itemStyle: { color: '#52c41a' },
                },
              ],
            }}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('census.map')}>
          <BaseMap areaCode={county} sections={boundaries} height={280}>
            {(points.data?.list ?? []).map((p) => (
              <Marker key={p.id} position={[p.gpsLat, p.gpsLong]} icon={markerIcon}>
                <Tooltip>{p.name}</Tooltip>
              </Marker>
            ))}
          </BaseMap>
        </Card>
      </Col>
    </Row>
  );
}
